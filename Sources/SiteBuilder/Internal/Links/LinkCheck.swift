/// What rendering a page found out about one of its links that the "Check links" stage must report
/// or still verify: a heading on another page is only known once every page is rendered.
struct LinkCheck: Sendable {
    enum Kind: Sendable, Equatable {
        /// The link is broken for the reason given.
        case broken(String)
        /// The link is fine if page number `page` has a heading (or HTML anchor) `id`; else `message` says why not.
        case anchor(page: Int, id: String, message: String)
    }

    /// The line of the link in its page's file.
    let line: Int
    let kind: Kind

    /// Why the link is broken, given every page's anchors; nil when it is fine.
    func failure(anchors: (Int) -> Set<String>) -> String? {
        switch kind {
        case .broken(let message):
            message
        case .anchor(let page, let id, let message):
            anchors(page).contains(id) ? nil : message
        }
    }
}
