import Foundation

/// Compiles the templates once and checks them: required templates and partials exist, every
/// `{{> partial}}` and `{{<parent}}` resolves, and every page's `template:` names a template.
/// Also lists the theme's `assets/` folder, copied to `assets/` in the output, and claims their paths.
struct LoadTemplates: BuildStep {
    let stage = BuildStage.loadTemplates
    let folder: String
    let pages: [ParsedPage]
    let claims: OutputClaims
    let rootURL: String
    let display: DisplayPaths

    func run(_ log: BuildLog) -> Theme {
        var theme = Theme(claims: claims)
        let (templates, problems) = TemplateSet.load(from: folder, display: display)
        log.report(problems)
        guard let templates else { return theme }
        theme.templates = templates
        for page in pages {
            guard let template = page.frontMatter.template, !templates.pageTemplates.contains(template.value) else {
                continue
            }
            let known = templates.pageTemplates.sorted().joined(separator: ", ")
            let message =
                "'template: \(template.value)' names no template; add \(display.templates(template.value + ".mustache"))"
                + " or use one of: \(known)"
            log.report(Problem(file: display.site(page.source.path), line: template.line, message: message))
        }
        addThemeAssets(to: &theme, log: log)
        return theme
    }

    private func addThemeAssets(to theme: inout Theme, log: BuildLog) {
        let folder = display.templates("assets")
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return }
        var paths: [String] = []
        while let path = enumerator.nextObject() as? String {
            if SitePath.lastComponent(of: path).hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            var isDirectory: ObjCBool = false
            let source = DisplayPaths.join(folder, path)
            if FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue {
                paths.append(path)
            }
        }
        for path in paths.sorted() {
            let source = DisplayPaths.join(folder, path)
            let output = "assets/" + path
            theme.assets.append(AssetFile(sourcePath: source, outputPath: output, isThemeAsset: true))
            if let problem = theme.claims.claim(output, by: source, url: rootURL + SitePath.urlEncoded(output)) {
                log.report(problem)
            }
        }
    }
}

/// The loaded theme: its templates (nil when they cannot be loaded at all) and its assets.
struct Theme {
    var templates: TemplateSet?
    var assets: [AssetFile] = []
    var claims: OutputClaims
}
