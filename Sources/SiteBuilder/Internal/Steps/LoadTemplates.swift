import AccessRules
import TextTools

/// Takes the templates, compiled once beside the first stages (`compiling`), and checks them: every
/// `{{> partial}}` and `{{<parent}}` resolves, and every page's `template:` names a template. A name another tool's
/// theme gives its templates (MkDocs's `template: main.html`) that this theme lacks is not this site's mistake: those
/// pages get their default template, with one warning naming them.
/// Also lists the theme's `assets/` files, copied to `assets/` in the output, and claims their paths.
/// Each file comes from the site's templates folder when it has one of that path, else from the
/// built-in theme (`ThemeFiles`).
struct LoadTemplates: BuildStep {
    let stage = BuildStage.loadTemplates
    let files: ThemeFiles
    /// The templates compiled, and the problems found compiling them (`compiling(_:)`).
    let compiled: Background<(TemplateSet?, [Problem])>
    let pages: [ParsedPage]
    let claims: OutputClaims
    let rootURL: String
    let display: DisplayPaths

    func run(_ log: BuildLog) -> Theme {
        var theme = Theme(claims: claims)
        let (templates, problems) = compiled.value
        log.report(problems)
        guard let templates else { return theme }
        theme.templates = templates
        var foreign: [(page: ParsedPage, template: Located<String>)] = []
        for page in pages {
            guard let template = page.frontMatter.template, templates.pageTemplate(named: template.value) == nil else {
                continue
            }
            guard !template.value.hasSuffix(".html") else {
                foreign.append((page, template))
                continue
            }
            let names = templates.pageTemplates.sorted()
            let guess = ClosestName.suggestion(for: template.value, among: names)
            let message =
                "'template: \(template.value)' names no template\(guess); add "
                + "\(display.templates(template.value + ".mustache"))"
                + " or use one of: \(names.joined(separator: ", "))"
            log.report(Problem(file: display.site(page.source.path), line: template.line, message: message))
        }
        if let (first, template) = foreign.first {
            let files = foreign.prefix(5).map { display.site($0.page.source.path) }.joined(separator: ", ")
            let name = String(template.value.dropLast(5))
            let message =
                "'template: \(template.value)' names another tool's template, which this theme does not have; "
                + "\(foreign.count) page(s) name such templates and get their default one (page or section): \(files)"
                + (foreign.count > 5 ? ", …" : "") + "; add \(display.templates(name + ".mustache")) to give them one"
            log.warn(Problem(file: display.site(first.source.path), line: template.line, message: message))
        }
        addThemeAssets(to: &theme, log: log)
        return theme
    }

    /// Starts compiling the templates of `files` on another core: that needs nothing of the site, and a build starts it
    /// first, beside the stages that list and read the site folder on one core.
    static func compiling(_ files: ThemeFiles) -> Background<(TemplateSet?, [Problem])> {
        Background { TemplateSet.load(from: files) }
    }

    /// Adds the theme's assets, which are public. One of the templates folder that is really a file of the site folder
    /// (a symbolic link into it) is an error: published as a theme asset, it would be public whatever the site's rules.
    private func addThemeAssets(to theme: inout Theme, log: BuildLog) {
        let siteFolder = DisplayPaths.canonical(display.siteFolder)
        for file in files.files(below: "assets") {
            if let override = file.overridePath,
                let inSite = DisplayPaths.relative(DisplayPaths.canonical(override), inside: siteFolder)
            {
                let message =
                    "a symbolic link to \(display.site(inSite)), a file of the site folder: as a theme asset it would be "
                    + "public whatever the site's rules; link to it from a page instead, or put a copy here"
                log.report(Problem(file: override, line: nil, message: message))
                continue
            }
            let asset = AssetFile(theme: file)
            theme.assets.append(asset)
            if let problem = theme.claims.claim(
                asset.outputPath, by: .named(file.displayPath),
                url: OutputPath.url(ofRoute: asset.outputPath, root: rootURL), display: display)
            {
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
