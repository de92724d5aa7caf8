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
    /// Asset files by path, e.g. `images/logo.png`.
    var assets: Set<String> = []
    /// Markdown files left out because they are drafts.
    var drafts: Set<String> = []
    /// "/" or the path of `base_url`.
    var rootURL = "/"

    init(pages: [ParsedPage], assets: [String], drafts: Set<String>, rootURL: String) {
        for page in pages {
            let target = Target(url: page.url, path: page.source.path)
            if page.source.kind != .implicitSection { self.pages[page.source.path] = target }
            if page.source.isSection { sections[page.source.folder] = target }
        }
        self.assets = Set(assets)
        self.drafts = drafts
        self.rootURL = rootURL
    }

    /// The digest of every target: equal digests resolve every link alike, so the build cache may keep
    /// what links resolved to while the site's pages, sections, assets and drafts stay as they are.
    var digest: String {
        var writer = ByteWriter()
        for targets in [pages, sections] {
            writer.list(targets.sorted { $0.key < $1.key }) { writer, target in
                writer.string(target.key)
                writer.string(target.value.url)
                writer.string(target.value.path)
            }
        }
        writer.list(assets.sorted()) { $0.string($1) }
        writer.list(drafts.sorted()) { $0.string($1) }
        writer.string(rootURL)
        return SHA256.hex(writer.bytes)
    }
}
