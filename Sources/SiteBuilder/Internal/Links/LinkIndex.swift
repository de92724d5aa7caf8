/// Everything a link can point at, built once per build so resolving a link never scans the site.
struct LinkIndex: Sendable {
    struct Target: Sendable {
        let url: String
        /// The target's position in the build's pages, whose headings are known only after rendering.
        let page: Int
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

    init(pages: [Page], assets: [String], drafts: Set<String>, rootURL: String) {
        for (index, page) in pages.enumerated() {
            let target = Target(url: page.url, page: index)
            if page.source.kind != .implicitSection { self.pages[page.source.path] = target }
            if page.source.isSection { sections[page.source.folder] = target }
        }
        self.assets = Set(assets)
        self.drafts = drafts
        self.rootURL = rootURL
    }
}
