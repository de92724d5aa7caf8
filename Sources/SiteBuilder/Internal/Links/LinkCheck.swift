/// What rendering a page found out about one of its links that the "Check links" stage must report
/// or still verify: a heading on another page is only known once every page is rendered.
struct LinkCheck: Sendable {
    enum Kind: Sendable, Equatable {
        /// The link is broken for the reason given.
        case broken(String)
        /// The link leads out of the site folder; a warning, for the reason given.
        case leavesSite(String)
        /// The link is fine if the page at `target` (its source path, e.g. `guide/setup.md`) has a heading
        /// (or HTML anchor) `id`, or a heading MkDocs gives that id.
        case anchor(target: String, id: String)
    }

    /// The line of the link in its page's file.
    let line: Int
    /// The link as written, e.g. `setup.md#proxy`.
    let destination: String
    let kind: Kind

    /// What "Check links" must report or verify of `link`; nil for a link that leads where it should
    /// without a heading to look for.
    init?(_ link: ResolvedLink) {
        switch link.resolution {
        case .unchanged, .rewritten(_, anchor: nil): return nil
        case .rewritten(_, let anchor?): kind = anchor
        case .broken(let message): kind = .broken(message)
        case .leavesSite(let message): kind = .leavesSite(message)
        }
        line = link.line
        destination = link.destination
    }

    /// Whether the link is only reported, not broken: it leads out of the site folder.
    var isWarning: Bool {
        if case .leavesSite = kind { return true }
        return false
    }

    /// Why the link is broken, given every page's anchors; nil when it is fine.
    func failure(anchors: SiteAnchors) -> String? {
        switch kind {
        case .broken(let message), .leavesSite(let message):
            message
        case .anchor(let target, let id):
            anchors.of(target).id(for: id) != nil
                ? nil
                : "'\(WikiLinks.asWritten(HugoRefs.asWritten(destination)))': the page has "
                    + Self.missing(String(destination.drop { $0 != "#" }.dropFirst()))
        }
    }

    /// What a page lacks that `fragment` names, for a broken link's message, with `place` after it: a heading, or a
    /// block by its id (see `BlockIDs`).
    static func missing(_ fragment: String, _ place: String = "") -> String {
        guard fragment.hasPrefix("^") else { return "no heading '#\(fragment)'\(place)" }
        return "no block '\(fragment)'\(place); a block's id ends its last line (\"… \(fragment)\")"
    }
}
