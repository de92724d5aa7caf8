import AccessRules
import Foundation

/// Rewrites a link as written in Markdown into a built URL, or says why it is broken.
///
/// A link to a heading on another page is rewritten at once, and the heading checked later, when
/// every page is rendered; with broken links as warnings, a missing heading still leaves a link to
/// the right page.
///
/// `[Setup](../guide/setup.md#proxy)` in `reference/index.md` becomes `/guide/setup/#proxy`;
/// relative links to images and other files get absolute too, because pretty URLs move each page
/// one folder deeper than its Markdown file.
struct LinkResolver: Sendable {
    let index: LinkIndex

    enum Resolution: Sendable, Equatable {
        /// Leave the destination as written (external, absolute, or mail links).
        case unchanged
        /// Use the built URL; `anchor` is the heading on another page still to check, if any.
        case rewritten(String, anchor: LinkCheck.Kind? = nil)
        case broken(String)
    }

    /// Resolves `destination`, written in a page in `folder` whose own anchors are `anchors`.
    func resolve(_ destination: String, folder: String, anchors: Set<String>) -> Resolution {
        if destination.isEmpty || Self.hasScheme(destination) || destination.hasPrefix("//") { return .unchanged }
        let (path, query, fragment) = Self.split(destination)
        if path.isEmpty {
            guard let fragment else { return .unchanged }
            return Self.isKnown(fragment, in: anchors) ? .unchanged : .broken("no heading '#\(fragment)' on this page")
        }
        if path.hasPrefix("/") && !MarkdownFileName.isMarkdown(path) { return .unchanged }
        let decoded = Self.decoded(path)
        guard let target = SitePath.resolve(decoded, from: folder) else {
            return .broken("'\(destination)' points outside the site folder")
        }
        let suffix = (query.map { "?" + $0 } ?? "")
        if MarkdownFileName.isMarkdown(decoded) {
            return resolvePage(target, destination: destination, suffix: suffix, fragment: fragment)
        }
        if let section = index.sections[target] {
            return withAnchor(section, destination: destination, suffix: suffix, fragment: fragment)
        }
        if index.assets.contains(target) {
            return .rewritten(
                OutputPath.url(ofRoute: target, root: index.rootURL) + suffix + (fragment.map { "#" + $0 } ?? ""))
        }
        if let page = builtPage(target) {
            return withAnchor(page, destination: destination, suffix: suffix, fragment: fragment)
        }
        return .broken(
            "'\(destination)' matches no page, folder or file in the site; "
                + "link Markdown files by their .md path, or use an absolute URL for anything else")
    }

    /// The page a link to its built name points at, as mdBook and Jekyll sources link: `chapter.html` to
    /// `chapter.md` (or `.markdown`), `index.html` to its folder's section page.
    private func builtPage(_ target: String) -> LinkIndex.Target? {
        guard target.hasSuffix(".html") else { return nil }
        let stem = String(target.dropLast(5))
        if SitePath.lastComponent(of: stem) == "index", let section = index.sections[SitePath.parent(of: stem)] {
            return section
        }
        return index.pages[stem + ".md"] ?? index.pages[stem + ".markdown"]
    }

    private func resolvePage(_ target: String, destination: String, suffix: String, fragment: String?) -> Resolution {
        if let page = index.pages[target] {
            return withAnchor(page, destination: destination, suffix: suffix, fragment: fragment)
        }
        if index.drafts.contains(target) {
            return .broken("'\(destination)' is a draft page and is not built; build with --drafts or remove the link")
        }
        return .broken("'\(destination)' names no page; there is no \(target) in the site folder")
    }

    private func withAnchor(
        _ target: LinkIndex.Target,
        destination: String,
        suffix: String,
        fragment: String?
    ) -> Resolution {
        guard let fragment else { return .rewritten(target.url + suffix) }
        let url = target.url + suffix + "#" + fragment
        let id = Self.decoded(fragment)
        guard !Self.alwaysExists(id) else { return .rewritten(url) }
        return .rewritten(url, anchor: .anchor(target: target.path, id: id))
    }

    private static func isKnown(_ fragment: String, in anchors: Set<String>) -> Bool {
        let id = decoded(fragment)
        return alwaysExists(id) || anchors.contains(id)
    }

    /// An empty fragment is the top of the page; footnote anchors (`#fn-1`, `#fnref-1`) are made by cmark-gfm.
    private static func alwaysExists(_ id: String) -> Bool {
        id.isEmpty || id.hasPrefix("fn-") || id.hasPrefix("fnref-")
    }

    /// Checks for a `%` first: Foundation's decoding is slow, and most links have nothing to decode.
    static func decoded(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    static func hasScheme(_ destination: String) -> Bool {
        guard destination.utf8.contains(UInt8(ascii: ":")), let colon = destination.firstIndex(of: ":") else {
            return false
        }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func split(_ destination: String) -> (path: String, query: String?, fragment: String?) {
        var rest = Substring(destination)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        }
        return (String(rest), query, fragment)
    }
}
