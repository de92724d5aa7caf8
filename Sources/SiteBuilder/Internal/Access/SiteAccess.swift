import AccessRules
import Foundation

/// Who may read each published path, worked out once per build, and the manifest `sitegen-auth` enforces.
///
/// A page's rule is its own `access:`, else that of the nearest section above it that sets one, else the
/// site default. A site asset takes its rule in `site.toml`'s `[file_access]`, else the rule of its folder,
/// unless only stricter pages link it (`AttachmentRule`); mermaid's script, theme assets and the special pages are
/// public;
/// an alias takes the rule of the page it redirects to; the sitemap, which lists only public pages, is public.
struct SiteAccess: Sendable {
    /// A rule and where it was written: `site/finance/index.md`, `site/site.toml`, `theme` or `built-in`.
    struct Origin: Sendable, Equatable {
        let rule: AccessRule
        let source: String
    }

    /// One published URL path, as `sitegen-auth` matches requests against it, and its rule.
    struct Entry: Sendable, Equatable {
        let path: String
        let origin: Origin
    }

    /// Each page's rule, by index into the build's pages.
    let pageRules: [Origin]
    /// Files whose rule cannot be worked out (see `AttachmentRule`) and `[file_access]` entries naming no file.
    let problems: [Problem]
    /// Every published path, sorted by path.
    let entries: [Entry]
    /// See `digest(of:)`.
    let entriesDigest: SHA256.Digest
    /// Rules are numbered in the order the sorted paths first use them. The numbers stay in the manifest and the
    /// build: what pages and the search index publish is each rule's id (`ruleIDs`).
    private(set) var manifest: AccessManifest
    /// The id of each of the manifest's rules (`AccessRule.id`), by its number.
    private let ruleIDs: [String]
    /// Each page's rule number in the manifest.
    let pageRuleNumbers: [Int]
    /// Each page's rule number, except for public pages; looked up for every link of every page. `signed-in` is
    /// guarded like any other rule, so an anonymous reader of a public page receives no title of a page that needs
    /// sign-in.
    private let guardedRuleNumbers: [Int?]
    /// Whether rule `a` implies rule `b`, at `a * rules + b`, for the rules the pages have when the manifest
    /// was numbered: asked for every link of every page.
    private let implications: [Bool]
    private let ruleCount: Int
    /// The number of `public` in the manifest, the rule of the special pages' readers.
    let publicRuleNumber: Int
    /// For each call of `addFiles`, its source and the key of the files it added, so that the manifest's key
    /// covers those too.
    private(set) var addedFilesKeys: [String] = []
    /// The manifest paths of the files `addFiles` added, in the order added.
    private var addedPaths: [String] = []
    /// The site's root URL, decoded, as manifest paths begin.
    let root: String
    /// The rule each folder hands down, for a file the build does not publish that a page includes (a hidden file, or
    /// any file of a folder the build leaves out; see `IncludedAccess`).
    let folders: AccessCascade
    /// The rule of each draft the build leaves out, by its path in the site folder: its own `access:`, else its
    /// folder's, for the pages that include it (`IncludedAccess`).
    let draftRules: [String: Origin]

    /// `linkedFiles` are the links of `pages` (by index into `pages`) and `draftPages` (by path) to files.
    init(
        pages: [ParsedPage], aliases: [SiteAlias], draftPages: [ParsedPage], assets: [AssetFile],
        linkedFiles: LinkedFiles, config: SiteConfig, display: DisplayPaths
    ) {
        let siteDefault = Origin(
            rule: config.access ?? .signedIn, source: config.access == nil ? "built-in" : display.site("site.toml"))
        var cascade = AccessCascade(
            sections: pages.filter(\.source.isSection) + draftPages.filter(\.source.isSection),
            siteDefault: siteDefault, display: display)
        draftRules = Dictionary(
            draftPages.map { ($0.source.path, Self.rule(of: $0, cascade: &cascade, display: display)) }
        ) { first, _ in first }
        folders = cascade
        // Manifest paths are decoded, because `sitegen-auth` decodes each request before matching it.
        let root = config.rootURL.removingPercentEncoding ?? config.rootURL
        self.root = root
        var entries: [Entry]
        (pageRules, entries) = Self.pageEntries(pages, cascade: cascade, decodedRoot: root, display: display)
        entries.reserveCapacity(pages.count + aliases.count + assets.count + SpecialPage.allCases.count + 1)
        for alias in aliases {
            let path = OutputPath.manifestPath(ofFile: alias.outputPath, decodedRoot: root)
            entries.append(Entry(path: path, origin: pageRules[alias.page]))
        }
        var problems: [Problem] = []
        for asset in assets {
            let origin: Origin
            if asset.isThemeAsset {
                origin = Origin(rule: .public, source: "theme")
            } else if let own = config.fileAccess[asset.outputPath] {
                origin = Origin(rule: own.rule, source: display.site("site.toml"))
            } else if asset.outputPath == config.mermaidScript {
                // A library every page with a diagram loads, public ones too; it holds nothing of the site.
                origin = Origin(rule: .public, source: "built-in")
            } else {
                let folder = cascade.rule(forFolder: SitePath.parent(of: asset.outputPath))
                let links = (linkedFiles.links[asset.outputPath] ?? []).map { [pageRules, draftRules] link in
                    switch link.origin {
                    case .page(let index):
                        AttachmentRule.Link(
                            page: display.site(pages[index].source.path), line: link.line, origin: pageRules[index])
                    case .draft(let path):
                        AttachmentRule.Link(
                            page: display.site(path), line: link.line, origin: draftRules[path] ?? folder)
                    }
                }
                switch AttachmentRule.resolve(folder: folder, links: links) {
                case .rule(let rule):
                    origin = rule
                case .conflict(let conflicts):
                    problems += conflicts.map { AttachmentRule.problem($0, file: asset.outputPath, folder: folder) }
                    origin = folder
                }
            }
            entries.append(
                Entry(path: OutputPath.manifestPath(ofFile: asset.outputPath, decodedRoot: root), origin: origin))
        }
        let siteFiles = Set(assets.lazy.filter { !$0.isThemeAsset }.map(\.outputPath))
        for (path, own) in config.fileAccess.sorted(by: { $0.key < $1.key }) where !siteFiles.contains(path) {
            let message =
                "[file_access] names '\(path)', which is no file in the site folder; write the path of a file "
                + "below the site folder, e.g. \"guide/payroll.xlsx\""
            problems.append(Problem(file: display.site("site.toml"), line: own.line, message: message))
        }
        for page in SpecialPage.allCases {
            entries.append(
                Entry(
                    path: OutputPath.manifestPath(ofFile: page.outputPath, decodedRoot: root),
                    origin: Origin(rule: .public, source: "built-in")))
        }
        if !config.baseURL.isEmpty {
            entries.append(
                Entry(
                    path: OutputPath.manifestPath(ofFile: "sitemap.xml", decodedRoot: root),
                    origin: Origin(rule: .public, source: "built-in")))
        }
        entries.sort { $0.path < $1.path }
        self.entries = entries
        // Worked out on another core while the manifest is made.
        let digest = Background { [entries] in Self.digest(of: entries) }

        var builder = AccessManifestBuilder(capacity: entries.count)
        for entry in entries {
            builder.add(path: entry.path, rule: entry.origin.rule, source: entry.origin.source)
        }
        manifest = builder.manifest
        do {
            ruleIDs = try manifest.ruleIDs()
        } catch {
            ruleIDs = manifest.rules.map(\.id)
            problems.append(Problem(file: nil, line: nil, message: "\(error)"))
        }
        self.problems = problems
        let ruleNumbers = Dictionary(uniqueKeysWithValues: manifest.rules.enumerated().map { ($1, $0) })
        pageRuleNumbers = pageRules.map { ruleNumbers[$0.rule]! }
        guardedRuleNumbers = pageRules.map { origin in origin.rule == .public ? nil : ruleNumbers[origin.rule] }
        let rules = manifest.rules
        ruleCount = rules.count
        implications = rules.flatMap { reader in rules.map { reader.implies($0) } }
        publicRuleNumber = ruleNumbers[.public]!
        entriesDigest = digest.value
    }

    /// A page's rule: its own `access:`, else the one its folder hands down.
    static func rule(of page: ParsedPage, cascade: inout AccessCascade, display: DisplayPaths) -> Origin {
        guard let access = page.frontMatter.access else { return cascade.rule(forFolder: page.source.folder) }
        return Origin(rule: access.value, source: display.site(page.source.path))
    }

    /// Each page's rule and manifest entry, in the pages' order. A large site's pages are worked out in two halves on
    /// two cores, each half with its own copy of `cascade`: the build waits for its access rules.
    static func pageEntries(
        _ pages: [ParsedPage], cascade: AccessCascade, decodedRoot: String, display: DisplayPaths
    ) -> (rules: [Origin], entries: [Entry]) {
        let halves = pages.count < 4096 ? 1 : 2
        let bounds = (0...halves).map { pages.count * $0 / halves }
        let parts = concurrentMap(Array(0..<halves)) { half in
            var cascade = cascade
            var rules: [Origin] = []
            var entries: [Entry] = []
            rules.reserveCapacity(bounds[half + 1] - bounds[half])
            entries.reserveCapacity(bounds[half + 1] - bounds[half])
            for page in pages[bounds[half]..<bounds[half + 1]] {
                let origin = rule(of: page, cascade: &cascade, display: display)
                rules.append(origin)
                let path = OutputPath.manifestPath(ofRoute: page.source.routePath, decodedRoot: decodedRoot)
                entries.append(Entry(path: path, origin: origin))
            }
            return (rules, entries)
        }
        return (parts.flatMap(\.0), parts.flatMap(\.1))
    }

    /// Adds files made after the pages' rules were numbered, such as the search index, each under a rule the
    /// manifest already has, named by its id: added after every other path, they leave the numbering as it was.
    /// `key` names exactly these paths and rule ids (equal keys, equal files; not what the files hold): the
    /// manifest's key covers the files through it, rather than by sorting and hashing every path.
    mutating func addFiles(_ files: [(outputPath: String, ruleID: String)], source: String, key: String) {
        guard !files.isEmpty else { return }
        let numbers = Dictionary(ruleIDs.enumerated().map { ($1, $0) }) { first, _ in first }
        let sourceNumber = manifest.sources.firstIndex(of: source) ?? manifest.sources.count
        if sourceNumber == manifest.sources.count { manifest.sources.append(source) }
        manifest.paths.reserveCapacity(manifest.paths.count + files.count)
        for file in files {
            guard let number = numbers[file.ruleID] else {
                preconditionFailure("a file under a rule the manifest lacks")
            }
            let path = OutputPath.manifestPath(ofFile: file.outputPath, decodedRoot: root)
            manifest.paths[path] = AccessManifest.Entry(rule: number, source: sourceNumber)
            addedPaths.append(path)
        }
        addedFilesKeys += [source, key]
    }

    /// The id of page `index`'s rule when a link to it from a page under rule number `reader` needs a condition:
    /// the page is not public and a reader that rule admits might not be admitted by the page's. Nil when every
    /// such reader may open the page, and the link is plain.
    func guardedRuleID(ofPage index: Int, forReadersOf reader: Int) -> String? {
        guard let number = guardedRuleNumbers[index], !implications[reader * ruleCount + number] else { return nil }
        return ruleIDs[number]
    }

    /// The id of page `index`'s rule.
    func ruleID(ofPage index: Int) -> String {
        ruleIDs[pageRuleNumbers[index]]
    }

    /// How many pages fall under each kind of rule.
    var counts: AccessCounts {
        var counts = AccessCounts()
        for origin in pageRules {
            switch origin.rule {
            case .public: counts.public += 1
            case .signedIn: counts.signedIn += 1
            case .restricted: counts.restricted += 1
            }
        }
        return counts
    }

    /// The manifest as published (`AccessManifest.json()`): sorted keys, so an unchanged site writes identical
    /// bytes, and no indentation, which would be more than half of its bytes (`jq . access.json` shows it indented).
    /// The paths are sorted from the entries' order, which is sorted already, with the files added after.
    func manifestJSON() throws -> Data {
        Data(try manifest.json(sortingFrom: entries.map(\.path) + addedPaths))
    }
}
