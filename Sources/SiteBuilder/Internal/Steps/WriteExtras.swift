import AccessRules
import Foundation

/// Makes what no single page owns: the special pages (`404.html`, `403.html`, `signed-out/`), the
/// redirect stubs of `aliases`, `sitemap.xml` when `base_url` is set, and the access manifest, which
/// is published with the site. Each is made every build and staged only when its bytes differ from the
/// output's; the access manifest is encoded only when the rules it is made from changed, and then, in a site without
/// search, on another core while the pages render (`encodeAhead`).
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
    /// The manifest of the rules as resolved before the search index added its files, encoded while the pages render
    /// (`encodeAhead`); nil when it is encoded here.
    var manifestAhead: Background<EncodedManifest>?

    /// An access manifest's bytes, and the key (`SiteAccess.manifestKey`) of the rules they were encoded from; no
    /// bytes when encoding failed, which encoding it again reports.
    typealias EncodedManifest = (key: String, json: Data?)

    /// Starts encoding the manifest of `access` on another core, unless the output's was made with its key; `yielding`,
    /// on a thread that yields the cores to the pages' rendering (`Background.later`). For a site without search: the
    /// search index adds its files to the rules, and its manifest is another.
    static func encodeAhead(
        _ access: SiteAccess, output: OutputFolder, yielding: Bool = false
    ) -> Background<EncodedManifest>? {
        let key = access.manifestKey
        guard output.unchanged(AccessManifest.relativePath, key: key) == nil else { return nil }
        return Background.start(yielding: yielding) { (key, try? access.manifestJSON()) }
    }

    /// The manifest of the rules whose key is `key`: `ahead`'s bytes when they were encoded from those very rules, else
    /// `encode()`'s.
    static func manifestJSON(key: String, ahead: EncodedManifest?, encode: () throws -> Data) rethrows -> Data {
        if let ahead, ahead.key == key, let json = ahead.json { return json }
        return try encode()
    }

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
                    try output.stage(
                        try Self.manifestJSON(
                            key: manifestKey, ahead: manifestAhead?.value, encode: access.manifestJSON),
                        as: AccessManifest.relativePath, key: manifestKey))
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
