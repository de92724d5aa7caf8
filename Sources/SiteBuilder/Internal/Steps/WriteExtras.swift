import AccessRules
import Foundation

/// Makes what no single page owns: the special pages (`404.html`, `403.html`, `signed-out/`), the
/// redirect stubs of `aliases`, `sitemap.xml` when `base_url` is set, and the access manifest, which
/// is published with the site. Each is made every build and staged only when its bytes differ from the
/// output's; the access manifest is encoded only when the rules it is made from changed.
struct WriteExtras: BuildStep {
    let stage = BuildStage.writeExtras
    let pages: [Page]
    /// The aliases "Map URLs" resolved, by index into `pages`.
    let aliases: [SiteAlias]
    let context: PageContext
    let templates: TemplateSet
    let access: SiteAccess
    let config: SiteConfig
    let output: OutputFolder

    /// The files it made, and how many of them are alias stubs.
    struct Extras {
        let files: [OutputFile]
        let aliasCount: Int
    }

    func run(_ log: BuildLog) -> Extras {
        var files: [(path: String, data: Data)] = []
        for alias in aliases {
            let page = pages[alias.page]
            let canonical = config.baseURL.isEmpty ? page.url : config.origin + page.url
            let stub = Aliases.stub(to: page.url, canonical: canonical, language: config.language)
            files.append((alias.outputPath, Data(stub.utf8)))
        }
        let aliasCount = files.count
        for special in SpecialPage.allCases {
            let html = templates.render(
                context.specialPageContext(special, rootURL: config.rootURL), with: special.template)
            if let problem = config.includes.problem(inHTML: html, file: special.outputPath, template: special.template)
            {
                log.report(problem)
            }
            files.append((special.outputPath, Data(html.utf8)))
        }
        if !config.baseURL.isEmpty {
            files.append(
                ("sitemap.xml", Data(Sitemap.xml(pages: pages, rules: access.pageRules, origin: config.origin).utf8)))
        }
        var made: [OutputFile] = []
        made.reserveCapacity(files.count + 1)
        let manifestKey = access.manifestKey
        if let kept = output.unchanged(AccessManifest.relativePath, key: manifestKey) {
            made.append(kept)
        } else {
            do {
                made.append(
                    try output.stage(try access.manifestJSON(), as: AccessManifest.relativePath, key: manifestKey))
            } catch {
                log.report(Problem(message: "cannot write the access manifest: \(error.systemReason)"))
            }
        }
        for file in files {
            let key = SHA256.hex(file.data)
            if let kept = output.unchanged(file.path, key: key) {
                made.append(kept)
                continue
            }
            do {
                made.append(try output.stage(file.data, as: file.path, key: key))
            } catch {
                log.report(Problem(message: "cannot write \(file.path): \(error.systemReason)"))
            }
        }
        return Extras(files: made, aliasCount: aliasCount)
    }
}
