import AccessRules

/// Included text is published under the rule of the page that includes it, so a page may include a page or file of
/// the site only when every reader of the page may read that file too: its rule implies the file's. A file is known
/// by the path it is included by, and else by where it really is, however the path reaches it (`../../site/…`, a
/// symbolic link): a draft the build leaves out has its own rule, as it would if published, and any other file of
/// the site folder the build does not publish (a hidden file) has the rule of its folder. Files outside the site folder are published only through the pages that include them, and have no rule of
/// their own.
enum IncludedAccess {
    /// An error for each page that includes a page or file of the site with a stricter rule than its own.
    /// `included` lists, by index into `pages`, the files each page includes (`MarkdownSummary.includes`).
    static func problems(
        included: [Int: [String]], pages: [ParsedPage], assets: [AssetFile], access: SiteAccess, display: DisplayPaths
    ) -> [Problem] {
        guard !included.isEmpty else { return [] }
        var rules: [String: SiteAccess.Origin] = [:]
        for (page, origin) in zip(pages, access.pageRules) {
            rules[DisplayPaths.normalised(display.site(page.source.path))] = origin
        }
        for (path, origin) in access.draftRules {
            rules[DisplayPaths.normalised(display.site(path))] = origin
        }
        let entries = Dictionary(access.entries.map { ($0.path, $0.origin) }) { first, _ in first }
        for asset in assets where !asset.isThemeAsset {
            let path = OutputPath.manifestPath(ofFile: asset.outputPath, decodedRoot: access.root)
            rules[DisplayPaths.normalised(asset.sourcePath)] = entries[path]
        }
        let siteFolder = DisplayPaths.canonical(display.siteFolder)
        var folders = access.folders
        /// The rule of the site's file at the real path `real`; nil for a file outside the site folder.
        func rule(ofReal real: String) -> SiteAccess.Origin? {
            guard let relative = DisplayPaths.relative(real, inside: siteFolder) else { return nil }
            return rules[DisplayPaths.normalised(display.site(relative))]
                ?? folders.rule(forFolder: SitePath.parent(of: relative))
        }
        return included.sorted { $0.key < $1.key }.flatMap { index, files in
            let reader = access.pageRules[index]
            return files.sorted().compactMap { file -> Problem? in
                guard let origin = rules[file] ?? rule(ofReal: DisplayPaths.canonical(file)),
                    !reader.rule.implies(origin.rule)
                else { return nil }
                let message =
                    "includes \(file), whose rule (\(origin.rule.summary), from \(origin.source)) does not admit every "
                    + "reader of this page (\(reader.rule.summary)), so its text would reach readers it is not for; give "
                    + "this page the file's rule, or include a file every reader of this page may read"
                return Problem(file: display.site(pages[index].source.path), message: message)
            }
        }
    }
}
