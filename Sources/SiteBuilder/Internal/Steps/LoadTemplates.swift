/// Compiles the templates once and checks them: every `{{> partial}}` and `{{<parent}}` resolves,
/// and every page's `template:` names a template.
/// Also lists the theme's `assets/` files, copied to `assets/` in the output. Each file comes from the
/// site's templates folder when it has one of that path, else from the built-in theme (`ThemeFiles`).
struct LoadTemplates: BuildStep {
    let stage = BuildStage.loadTemplates

    func run(_ build: BuildState) {
        let theme = ThemeFiles(options: build.options)
        let (templates, problems) = TemplateSet.load(from: theme)
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
        addThemeAssets(build, theme: theme)
    }

    private func addThemeAssets(_ build: BuildState, theme: ThemeFiles) {
        for file in theme.files(below: "assets") {
            let asset = AssetFile(theme: file)
            build.assets.append(asset)
            if let problem = build.claims.claim(
                asset.outputPath, by: file.displayPath,
                url: build.config.rootURL + SitePath.urlEncoded(asset.outputPath))
            {
                build.report(problem)
            }
        }
    }
}
