import AccessRules
import Foundation

/// Writes what no single page owns: the special pages (`404.html`, `403.html`, `signed-out/`), the
/// redirect stubs of `aliases`, `sitemap.xml` when `base_url` is set, the search index, and the access
/// manifest, which is published with the site in the same swap.
struct WriteExtras: BuildStep {
    let stage = BuildStage.writeExtras
    let writesOutput = true

    func run(_ build: BuildState) {
        guard let writer = build.writer, let templates = build.templates, let context = build.context,
            let access = build.access
        else { return }
        let config = build.config
        var files: [(path: String, data: Data)] = []
        for page in build.pages {
            for alias in page.frontMatter.aliases {
                guard let path = Aliases.outputPath(for: alias.value) else { continue }
                let canonical = config.baseURL.isEmpty ? page.url : config.origin + page.url
                files.append(
                    (path, Data(Aliases.stub(to: page.url, canonical: canonical, language: config.language).utf8)))
            }
        }
        build.aliasCount = files.count
        for special in SpecialPage.allCases {
            let html = templates.render(
                context.specialPageContext(special, rootURL: config.rootURL), with: special.template)
            files.append((special.outputPath, Data(html.utf8)))
        }
        if !config.baseURL.isEmpty {
            files.append(("sitemap.xml", Data(Sitemap.xml(pages: build.pages, origin: config.origin).utf8)))
        }
        files += build.searchIndex?.files.map { ($0.path, $0.data) } ?? []
        do {
            files.append((AccessManifest.relativePath, try access.manifestJSON()))
        } catch {
            build.report(Problem(message: "cannot encode the access manifest: \(error)"))
        }
        for file in files {
            do {
                try writer.write(file.data, to: file.path, key: "generated")
            } catch {
                build.report(Problem(message: "cannot write \(file.path): \(error.localizedDescription)"))
            }
        }
    }
}
