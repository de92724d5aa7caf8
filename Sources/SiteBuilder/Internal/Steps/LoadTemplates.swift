import Foundation

/// Compiles the templates once and checks them: required templates and partials exist, every
/// `{{> partial}}` and `{{<parent}}` resolves, and every page's `template:` names a template.
/// Also lists the theme's `assets/` folder, copied to `assets/` in the output.
struct LoadTemplates: BuildStep {
    let stage = BuildStage.loadTemplates

    func run(_ build: BuildState) {
        let (templates, problems) = TemplateSet.load(from: build.options.templatesFolder, display: build.display)
        build.report(problems)
        guard let templates else { return }
        build.templates = templates
        for page in build.pages {
            guard let template = page.frontMatter.template, !templates.pageTemplates.contains(template.value) else {
                continue
            }
            let known = templates.pageTemplates.sorted().joined(separator: ", ")
            let message =
                "'template: \(template.value)' names no template; add \(build.display.templates(template.value + ".mustache"))"
                + " or use one of: \(known)"
            build.report(Problem(file: build.display.site(page.source.path), line: template.line, message: message))
        }
        addThemeAssets(build)
    }

    private func addThemeAssets(_ build: BuildState) {
        let folder = build.display.templates("assets")
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
            build.assets.append(AssetFile(sourcePath: source, outputPath: output, isThemeAsset: true))
            if let problem = build.claims.claim(
                output, by: source, url: build.config.rootURL + SitePath.urlEncoded(output))
            {
                build.report(problem)
            }
        }
    }
}
