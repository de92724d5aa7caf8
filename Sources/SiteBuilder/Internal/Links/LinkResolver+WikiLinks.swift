import Foundation

extension LinkResolver {
    /// A wiki link to `written` (`Install#Behind a proxy`), shown as `shown` in messages, as Obsidian finds it: as
    /// Hugo's ref does (`resolveByName`), its heading by its text and a block by its id as written
    /// (`[[Install#^step-2]]`, see `BlockIDs`); then a name in any case, or with hyphens for its spaces as GitHub's
    /// wiki names `Getting-Started.md`; then a page by one of its other names (`aliases: [Setup guide]`).
    func resolveWikiLink(_ written: String, shown: String, folder: String, anchors: PageAnchors) -> Resolution {
        let (path, _, named) = Self.split(written)
        let fragment = named.map { "#" + ($0.hasPrefix("^") ? $0 : HeadingIDs.slug($0)) } ?? ""
        let found = resolveByName(path + fragment, shown: shown, by: "a wiki link", folder, anchors)
        guard case .broken = found else { return found }
        for name in [path, path.replacingOccurrences(of: " ", with: "-")] {
            let pages = pagesNamedIgnoringCase(name)
            if pages.count > 1 {
                return .broken(
                    "'\(shown)' names more than one page by its name (\(pages.joined(separator: ", "))); write its "
                        + "path, e.g. [[\(MarkdownFileName.stem(of: pages[0]))]]")
            }
            if let page = pages.first {
                return resolveByName("/" + page + fragment, shown: shown, by: "a wiki link", folder, anchors)
            }
        }
        guard let pages = index.pagesByAlias[path.lowercased()]?.sorted() else { return found }
        guard pages.count == 1 else {
            return .broken(
                "'\(shown)' is another name of more than one page (\(pages.joined(separator: ", ")), in their "
                    + "aliases); write its path, e.g. [[\(MarkdownFileName.stem(of: pages[0]))]]")
        }
        return resolveByName("/" + pages[0] + fragment, shown: shown, by: "a wiki link", folder, anchors)
    }

    /// The pages, sorted, whose path or name `wanted` (`getting-started`) is in any case.
    private func pagesNamedIgnoringCase(_ wanted: String) -> [String] {
        let wanted = wanted.lowercased()
        return index.pages.keys.filter { key in
            let lowered = key.lowercased()
            return lowered == wanted || lowered == wanted + ".md" || SitePath.name(of: key).lowercased() == wanted
        }.sorted()
    }
}
