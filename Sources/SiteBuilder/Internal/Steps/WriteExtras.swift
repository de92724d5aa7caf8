import Foundation

/// Writes what no single page owns: `404.html`, the redirect stubs of `aliases`, and
/// `sitemap.xml` when `base_url` is set.
struct WriteExtras: BuildStep {
    let stage = BuildStage.writeExtras
    let writesOutput = true

    func run(_ build: BuildState) {
        guard let writer = build.writer, let templates = build.templates, let tree = build.tree else { return }
        let config = build.config
        var files: [(path: String, text: String)] = []
        let context = PageContext(site: PageContext.site(config), pages: build.pages, tree: tree)
        files.append(("404.html", templates.render(context.notFoundContext(rootURL: config.rootURL), with: "404")))
        for page in build.pages {
            for alias in page.frontMatter.aliases {
                guard let path = Aliases.outputPath(for: alias.value) else { continue }
                let canonical = config.baseURL.isEmpty ? page.url : config.origin + page.url
                files.append((path, Aliases.stub(to: page.url, canonical: canonical, language: config.language)))
            }
        }
        build.aliasCount = files.count - 1
        if !config.baseURL.isEmpty {
            files.append(("sitemap.xml", Sitemap.xml(pages: build.pages, origin: config.origin)))
        }
        for file in files {
            do {
                try writer.write(Data(file.text.utf8), to: file.path, key: "generated")
            } catch {
                build.report(Problem(message: "cannot write \(file.path): \(error.localizedDescription)"))
            }
        }
    }
}
