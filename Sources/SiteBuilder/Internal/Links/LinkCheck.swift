/// What rendering a page found out about one of its links that the "Check links" stage must report
/// or still verify: a heading on another page is only known once every page is rendered.
struct LinkCheck: Sendable {
    enum Kind: Sendable, Equatable {
        /// The link is broken for the reason given.
        case broken(String)
        /// The link is fine if the page at `target` (its source path, e.g. `guide/setup.md`) has a heading
        /// (or HTML anchor) `id`; else `message` says why not.
        case anchor(target: String, id: String, message: String)
    }

    /// The line of the link in its page's file.
    let line: Int
    let kind: Kind

    /// Why the link is broken, given every page's anchors by source path; nil when it is fine.
    func failure(anchors: (String) -> Set<String>) -> String? {
        switch kind {
        case .broken(let message):
            message
        case .anchor(let target, let id, let message):
            anchors(target).contains(id) ? nil : message
        }
    }
}
