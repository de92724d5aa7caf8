import AccessRules
import Foundation

/// Rewrites a link as written in Markdown into a built URL, or says why it is broken.
///
/// A link to a heading on another page is rewritten at once, and the heading checked later, when
/// every page is rendered; with broken links as warnings, a missing heading still leads to the right page.
///
/// `[Setup](../guide/setup.md#proxy)` in `reference/index.md` becomes `/guide/setup/#proxy`;
/// relative links to images and other files get absolute too, because pretty URLs move each page
/// one folder deeper than its Markdown file. In a git repository, links read as GitHub reads them
/// (`SiteRepository`): `/docs/setup.md` with the site in `docs/` is `setup.md`; a link out of the site
/// folder leads to the file's page in the repository when `edit_url` says where that is, and is left
/// as written, with a warning, when it does not.
struct LinkResolver: Sendable {
    let index: LinkIndex

    enum Resolution: Sendable, Equatable {
        /// Leave the destination as written (external, absolute, or mail links).
        case unchanged
        /// Use the built URL; `anchor` is the heading on another page still to check, if any.
        case rewritten(String, anchor: LinkCheck.Kind? = nil)
        case broken(String)
        /// Leave the destination as written, though it leads out of the site folder, which is not published;
        /// the message says so and what to do, as a warning.
        case leavesSite(String)
    }

    /// Resolves `destination`, written in a page in `folder` whose own anchors are `anchors`. A fragment naming
    /// a heading of the page by MkDocs's id is rewritten to the heading's id.
    func resolve(_ destination: String, folder: String, anchors: PageAnchors) -> Resolution {
        if let written = HugoRefs.written(in: destination) {
            return resolveByName(written, shown: HugoRefs.asWritten(destination), by: "Hugo's ref", folder, anchors)
        }
        if let written = WikiLinks.written(in: destination) {
            return resolveWikiLink(written, shown: WikiLinks.asWritten(destination), folder: folder, anchors: anchors)
        }
        if destination.isEmpty || Self.isExternal(destination) { return .unchanged }
        if let path = JekyllLinks.withoutBaseURL(destination) {
            let resolution = resolve(path, folder: folder, anchors: anchors)
            return resolution == .unchanged ? .rewritten(path) : resolution
        }
        if JekyllLinks.holdsTemplate(destination) {
            return .leavesSite(
                "'\(destination)' holds a template expression ({{ … }} or {% … %}, as Jekyll's Liquid writes) that "
                    + "sitegen does not evaluate, so it is left as written; write the page's .md path instead")
        }
        let (path, query, fragment) = Self.split(destination)
        if path.isEmpty {
            guard let fragment else { return .unchanged }
            let id = Self.decoded(fragment)
            if Self.alwaysExists(id) { return .unchanged }
            guard let heading = anchors.id(for: id) else {
                return .broken(LinkCheck.missing(fragment, " on this page"))
            }
            return heading == id ? .unchanged : .rewritten((query.map { "?" + $0 } ?? "") + "#" + heading)
        }
        let link = Link(destination: destination, suffix: query.map { "?" + $0 } ?? "", fragment: fragment)
        let decoded = Self.decoded(path)
        let isMarkdown = MarkdownFileName.isMarkdown(decoded)
        guard let target = SitePath.resolve(decoded, from: folder) else {
            return path.hasPrefix("/") && !isMarkdown ? .unchanged : outOfSite(decoded, from: folder, link: link)
        }
        if path.hasPrefix("/") {
            if isMarkdown, let found = page(target, link: link) { return found }
            if let inner = index.repository?.sitePath(ofAbsolute: decoded),
                let found = isMarkdown ? page(inner, link: link) : file(inner, link: link)
            {
                return found
            }
            // `/guide/setup.html`, as Jekyll's sources link a page, is the page built from guide/setup.md.
            if !isMarkdown, !index.assets.contains(target), let built = builtPage(target) {
                return withAnchor(built, link: link)
            }
            guard isMarkdown else { return .unchanged }
            if let repository = index.repository, repository.sitePath(ofRepositoryPath: target) == nil {
                return outside(target, link: link)
            }
        } else if let found = isMarkdown ? page(target, link: link) : file(target, link: link) {
            return found
        }
        if isMarkdown, target == BookSummary.fileName, index.hasBookSummary {
            return .broken(
                "'\(destination)' names the book's table of contents, which is no page: the navigation shows it; "
                    + "link to a page")
        }
        if isMarkdown {
            return .broken("'\(destination)' names no page; there is no \(target) in the site folder")
        }
        return .broken(
            "'\(destination)' matches no page, folder or file in the site; "
                + "link Markdown files by their .md path, or use an absolute URL for anything else")
    }

    /// Hugo's `ref` or a wiki link to `written` (`install.md#proxy`, `/guide/install`, `#proxy`), as Hugo and
    /// Obsidian find it: beside the page, then from the top of the site (only there for a path starting with `/`),
    /// a page by its `.md` path or without the extension, a section by its folder; and a name alone (`install`) by
    /// the one page of that name anywhere, looked for only when the others find none. `shown` is the link as
    /// written, and `lookup` what looked, for messages.
    func resolveByName(
        _ written: String, shown: String, by lookup: String, _ folder: String, _ anchors: PageAnchors
    ) -> Resolution {
        let (path, _, fragment) = Self.split(written)
        let link = Link(destination: shown, suffix: "", fragment: fragment)
        if path.isEmpty {
            guard let fragment else {
                return .broken("'\(link.destination)' names no page; name one, e.g. \"setup.md\"")
            }
            let resolution = resolve("#" + fragment, folder: folder, anchors: anchors)
            return resolution == .unchanged ? .rewritten("#" + fragment) : resolution
        }
        for base in path.hasPrefix("/") || folder.isEmpty ? [""] : [folder, ""] {
            guard let target = SitePath.resolve(path, from: base), !target.isEmpty else { continue }
            let found =
                MarkdownFileName.isMarkdown(target)
                ? page(target, link: link) : page(target + ".md", link: link) ?? file(target, link: link)
            if let found { return found }
        }
        if !path.contains("/") {
            let named = index.pages.filter {
                SitePath.name(of: $0.key) == path || SitePath.lastComponent(of: $0.key) == path
            }
            if named.count == 1, let only = named.first { return withAnchor(only.value, link: link) }
            if named.count > 1 {
                let paths = named.keys.sorted().joined(separator: ", ")
                return .broken(
                    "'\(link.destination)' names more than one page by its name (\(paths)); write its path, e.g. "
                        + "\"/\(named.keys.sorted()[0])\"")
            }
            // A file by its name, as Obsidian finds an attachment (`![[flow.png]]` in `attachments/flow.png`).
            let files = index.assets.filter { SitePath.lastComponent(of: $0) == path }.sorted()
            if files.count == 1, let found = file(files[0], link: link) { return found }
            if files.count > 1 {
                return .broken(
                    "'\(link.destination)' names more than one file by its name (\(files.joined(separator: ", "))); "
                        + "write its path, e.g. \"/\(files[0])\"")
            }
        }
        // A name with an extension (`flow.png`) may be a file's as well as a page's.
        let looked =
            MarkdownFileName.isMarkdown(path)
            ? path
            : (SitePath.lastComponent(of: path).contains(".") ? "\(path), " : "") + "\(path).md or a folder \(path)"
        return .broken(
            "'\(link.destination)' names no page: \(lookup) looks beside the page, then from the top of the site, and "
                + "neither has \(looked)")
    }

    /// A link as written, with what goes after the path of the URL it resolves to.
    private struct Link {
        let destination: String
        /// `?query`, or "".
        let suffix: String
        let fragment: String?
    }

    /// The page at site path `target` (a draft is broken); nil when there is none.
    private func page(_ target: String, link: Link) -> Resolution? {
        if let page = index.pages[target] { return withAnchor(page, link: link) }
        if index.drafts.contains(target) {
            return .broken(
                "'\(link.destination)' is a draft page and is not built; build with --drafts or remove the link")
        }
        return nil
    }

    /// The section, file or page by its built name at site path `target`; nil when there is none.
    private func file(_ target: String, link: Link) -> Resolution? {
        if let section = index.sections[target] { return withAnchor(section, link: link) }
        if index.assets.contains(target) {
            return .rewritten(
                OutputPath.url(ofRoute: target, root: index.rootURL) + link.suffix
                    + (link.fragment.map { "#" + $0 } ?? ""))
        }
        return builtPage(target).map { withAnchor($0, link: link) }
    }

    /// A relative link that climbs above the site folder: back into it through the repository
    /// (`../docs/setup.md` from the top of `docs/`), else to a file beside it.
    private func outOfSite(_ path: String, from folder: String, link: Link) -> Resolution {
        guard let repository = index.repository,
            let inRepository = repository.repositoryPath(ofRelative: path, from: folder)
        else {
            return .leavesSite(
                "'\(link.destination)' leads out of the site folder, which is not published, so it leads nowhere on "
                    + "the site; link the file by its full address, or copy it into the site folder")
        }
        if let inner = repository.sitePath(ofRepositoryPath: inRepository) {
            let isMarkdown = MarkdownFileName.isMarkdown(inner)
            return (isMarkdown ? page(inner, link: link) : file(inner, link: link))
                ?? .broken("'\(link.destination)' names nothing in the site; there is no \(inner) in the site folder")
        }
        return outside(inRepository, link: link)
    }

    /// A link to the repository's file at `path`, outside the site folder.
    private func outside(_ path: String, link: Link) -> Resolution {
        if let url = index.repository?.fileURL(ofRepositoryPath: path) {
            return .rewritten(url + link.suffix + (link.fragment.map { "#" + $0 } ?? ""))
        }
        return .leavesSite(
            "'\(link.destination)' leads to \(path) in the repository, outside the site folder, which is not "
                + "published; set edit_url in site.toml to the repository's edit address "
                + "(e.g. \"https://github.com/acme/docs/edit/main/\(index.repository?.folder ?? "docs")/{path}\") "
                + "and it leads to the file there, or link the file by its full address")
    }

    /// The page a link to its built name points at, as mdBook and Jekyll sources link: `chapter.html` to
    /// `chapter.md` (or `.markdown`, in any case), `index.html` to its folder's section page.
    private func builtPage(_ target: String) -> LinkIndex.Target? {
        guard target.hasSuffix(".html") else { return nil }
        let stem = String(target.dropLast(5))
        if SitePath.lastComponent(of: stem) == "index", let section = index.sections[SitePath.parent(of: stem)] {
            return section
        }
        return index.pages[stem + ".md"] ?? index.pages[stem + ".markdown"] ?? index.pagesByStemOfOtherCase[stem]
    }

    private func withAnchor(_ target: LinkIndex.Target, link: Link) -> Resolution {
        guard let fragment = link.fragment else { return .rewritten(target.url + link.suffix) }
        let url = target.url + link.suffix + "#" + fragment
        let id = Self.decoded(fragment)
        guard !Self.alwaysExists(id) else { return .rewritten(url) }
        return .rewritten(url, anchor: .anchor(target: target.path, id: id))
    }

    /// `url`, made by this resolver with a fragment, with `fragment` in place of that one.
    static func url(_ url: String, fragment: String) -> String {
        String(url.prefix { $0 != "#" }) + "#" + fragment
    }

    /// An empty fragment is the top of the page; footnote anchors (`#fn-1`, `#fnref-1`) are made by cmark-gfm.
    private static func alwaysExists(_ id: String) -> Bool {
        id.isEmpty || id.hasPrefix("fn-") || id.hasPrefix("fnref-")
    }

    /// Checks for a `%` first: Foundation's decoding is slow, and most links have nothing to decode.
    static func decoded(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    /// A destination with a scheme (`https:`, `mailto:`) or a scheme-relative one (`//host/…`): it leads off the site.
    static func isExternal(_ destination: String) -> Bool {
        hasScheme(destination) || destination.hasPrefix("//")
    }

    private static func hasScheme(_ destination: String) -> Bool {
        guard destination.utf8.contains(UInt8(ascii: ":")), let colon = destination.firstIndex(of: ":") else {
            return false
        }
        let scheme = destination[..<colon]
        guard let first = scheme.first, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    static func split(_ destination: String) -> (path: String, query: String?, fragment: String?) {
        var destination = destination
        let (hash, mark) = destination.withUTF8 { bytes in
            let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
            return (hash, bytes[..<(hash ?? bytes.count)].firstIndex(of: UInt8(ascii: "?")))
        }
        let utf8 = destination.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let end = index(hash ?? utf8.count)
        let fragment = hash.map { String(destination[index($0 + 1)...]) }
        let query = mark.map { String(destination[index($0 + 1)..<end]) }
        return (String(destination[..<index(mark ?? hash ?? utf8.count)]), query, fragment)
    }
}
