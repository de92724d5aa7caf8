/// Everything a link can point at, built once per build so resolving a link never scans the site.
struct LinkIndex: Sendable {
    struct Target: Sendable {
        let url: String
        /// The target's source path (a folder for an implicit section), whose headings are known only
        /// after rendering.
        let path: String
    }

    /// Pages by Markdown path, e.g. `guide/setup.md`.
    var pages: [String: Target] = [:]
    /// Section pages (also implicit ones) by folder, e.g. `guide`; "" is the home page.
    var sections: [String: Target] = [:]
    /// Pages whose extension is written in another case (`Guide.MD`, `notes.Markdown`), by path without it:
    /// their built `.html` name is found here. Few sites have any, so this stays small.
    var pagesByStemOfOtherCase: [String: Target] = [:]
    /// Asset files by path, e.g. `images/logo.png`.
    var assets: Set<String> = []
    /// Markdown files left out because they are drafts.
    var drafts: Set<String> = []
    /// The pages' paths by each of their other names in lower case, as Obsidian's `aliases` give them
    /// (`Aliases.isName`), which wiki links find them by.
    var pagesByAlias: [String: [String]] = [:]
    /// "/" or the path of `base_url`.
    var rootURL = "/"
    /// Where the site folder lies in its git repository, if it is in one.
    var repository: SiteRepository?
    /// `SUMMARY.md` is the book's table of contents, which is no page.
    var hasBookSummary = false

    /// Every page's kind, path and URL, the assets, drafts, root URL, repository, book summary and other names:
    /// equal descriptions resolve every link alike, so the build cache may keep what links resolved to while the
    /// site's pages, sections, assets and drafts stay as they are. Kept in the build cache, by its digest
    /// (`digest`), so that the next build can tell which targets changed (`LinkTargetChanges`). The pages are taken
    /// in the order they come, which the sorted listing of the site folder fixes, rather than sorted again.
    let described: [UInt8]

    /// What the index is made of besides the pages and the drafts, which "Map URLs" works out: it indexes them with
    /// these on another core while it claims the pages' output files.
    struct Inputs: Sendable {
        /// The output paths of the site's assets.
        let assets: [String]
        /// See `SiteFiles.secondSectionFiles`.
        var secondSectionFiles: [String: String] = [:]
        let rootURL: String
        var repository: SiteRepository?
        /// `SUMMARY.md` is the book's table of contents, which is no page.
        var hasBookSummary = false
    }

    /// The digest of `described`, which a build's record names its link targets by.
    var digest: String {
        SHA256.hex(described)
    }

    /// The index of `pages` and `drafts` with `inputs`; `inputs.secondSectionFiles` lead to their folder's page.
    init(pages: [ParsedPage], drafts: Set<String>, inputs: Inputs) {
        let (assets, secondSectionFiles, rootURL) = (inputs.assets, inputs.secondSectionFiles, inputs.rootURL)
        let (repository, hasBookSummary) = (inputs.repository, inputs.hasBookSummary)
        // The pages' part of the description is written in the same pass as the tables are filled, while each page's
        // fields are at hand: written on another core, it read every page a second time, and the build waited for it.
        var pagesDescribed = ByteWriter(capacity: 96 * pages.count)
        pagesDescribed.int(pages.count)
        self.pages.reserveCapacity(pages.count)
        for page in pages {
            let target = Target(url: page.url, path: page.source.path)
            let path = page.source.path
            pagesDescribed.tag(Self.tag(of: page.source.kind))
            pagesDescribed.string(path)
            pagesDescribed.string(target.url)
            if page.source.kind != .implicitSection {
                self.pages[path] = target
                for alias in page.frontMatter.aliases where Aliases.isName(alias.value) {
                    pagesByAlias[alias.value.lowercased(), default: []].append(path)
                }
                if !path.hasSuffix(".md"), !path.hasSuffix(".markdown") {
                    pagesByStemOfOtherCase[String(MarkdownFileName.stem(of: path))] = target
                }
            }
            if page.source.isSection { sections[page.source.folder] = target }
        }
        var secondSections: [(path: String, folder: String)] = []
        for (path, folder) in secondSectionFiles.sorted(by: { $0.key < $1.key }) where self.pages[path] == nil {
            guard let section = sections[folder] else { continue }
            self.pages[path] = section
            secondSections.append((path, folder))
        }
        self.assets = Set(assets)
        self.drafts = drafts
        self.rootURL = rootURL
        self.repository = repository
        var writer = ByteWriter(capacity: 64 * assets.count + 256)
        writer.list(assets.sorted()) { $0.string($1) }
        writer.list(drafts.sorted()) { $0.string($1) }
        writer.string(rootURL)
        writer.optional(repository) { writer, repository in
            writer.string(repository.folder)
            writer.string(repository.fileURL ?? "")
        }
        self.hasBookSummary = hasBookSummary
        writer.bool(hasBookSummary)
        writer.list(pagesByAlias.sorted { $0.key < $1.key }) { writer, alias in
            writer.string(alias.key)
            writer.list(alias.value) { $0.string($1) }
        }
        writer.list(secondSections) { writer, file in
            writer.string(file.path)
            writer.string(file.folder)
        }
        described = pagesDescribed.bytes + writer.bytes
    }

    /// How `described` writes a page's kind.
    static func tag(of kind: PageSource.Kind) -> UInt8 {
        switch kind {
        case .page: 0
        case .section: 1
        case .implicitSection: 2
        }
    }
}
