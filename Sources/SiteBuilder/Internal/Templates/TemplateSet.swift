import Foundation
import Mustache

/// The theme's Mustache templates, compiled once per build and checked when they load.
///
/// `NAME.mustache` at the theme's root is registered as NAME (pickable with `template: NAME`),
/// `partials/NAME.mustache` as the partial NAME; see `ThemeFiles` for where each file comes from.
/// The built-in theme provides every template and partial the build renders, so a site's override
/// folder can hold any subset of them.
struct TemplateSet: Sendable {
    let library: MustacheLibrary
    /// Names that pages may pick with `template:`.
    let pageTemplates: Set<String>
    /// The digest of every template and partial with what it includes, for the cache keys of the pages they render
    /// and the cards a session keeps.
    let digests: TemplateDigests
    /// The partials rendered once and pasted, by name (see `PartialReuse`).
    let reused: Set<String>

    /// The template `template: name` picks: `name`, or for the name of an MkDocs or Jekyll template such as
    /// `main.html`, the template of its stem (`main`); nil when the theme has neither.
    func pageTemplate(named name: String) -> String? {
        if pageTemplates.contains(name) { return name }
        guard name.hasSuffix(".html"), pageTemplates.contains(String(name.dropLast(5))) else { return nil }
        return String(name.dropLast(5))
    }

    /// Renders `context` with template `name`, which `load` has checked exists.
    func render(_ context: TemplateNode, with name: String) -> String {
        library.render(context, withTemplate: name) ?? ""
    }

    /// Renders the partial of `reuse` as the theme wrote it, with one object as the whole context; nil
    /// when this theme does not allow reusing that partial.
    func renderer(for reuse: PartialReuse) -> (@Sendable (TemplateNode) -> String)? {
        guard reused.contains(reuse.partial) else { return nil }
        let library = library
        return { library.render($0, withTemplate: reuse.themeCopy) ?? "" }
    }

    /// Loads and checks every template of `theme`; all problems are returned, not only the first.
    static func load(from theme: ThemeFiles) -> (TemplateSet?, [Problem]) {
        if let problem = theme.problem { return (nil, [problem]) }
        var problems: [Problem] = []
        let templateFiles = theme.files(in: "", endingWith: ".mustache")
        let partialFiles = theme.files(in: "partials", endingWith: ".mustache")
        let templateNames = Set(templateFiles.map { name(of: $0) })
        var library = MustacheLibrary()
        var sources: [(file: String, text: String)] = []
        var texts: (templates: [String: String], partials: [String: String]) = ([:], [:])
        var unparsed: Set<String> = []
        for (files, arePartials) in [(templateFiles, false), (partialFiles, true)] {
            for file in files {
                let name = name(of: file)
                if arePartials, let template = templateFiles.first(where: { Self.name(of: $0) == name }) {
                    let message = "the partial '\(name)' has the same name as \(template.displayPath); rename one"
                    problems.append(Problem(file: file.displayPath, message: message))
                    continue
                }
                guard let data = file.contents() else {
                    problems.append(Problem(file: file.displayPath, message: "cannot read this template"))
                    continue
                }
                let text = String(decoding: data, as: UTF8.self)
                do {
                    library.register(try MustacheTemplate(string: text), named: name)
                    sources.append((file.displayPath, text))
                    if arePartials { texts.partials[name] = text } else { texts.templates[name] = text }
                } catch let error as MustacheTemplate.ParserError {
                    unparsed.insert(name)
                    problems.append(TemplateErrors.problem(for: error, file: file.displayPath))
                } catch {
                    unparsed.insert(name)
                    problems.append(Problem(file: file.displayPath, message: "cannot parse: \(error)"))
                }
            }
        }
        problems += unresolvedReferences(
            in: sources, library: library, unparsed: unparsed, overrideFolder: theme.overrideFolder)
        let reused = PartialReuse.install(in: &library, templates: texts.templates, partials: texts.partials)
        let set = TemplateSet(
            library: library, pageTemplates: templateNames,
            digests: TemplateDigests(sources: texts.templates.merging(texts.partials) { template, _ in template }),
            reused: reused)
        return (set, problems)
    }

    /// `partials/nav.mustache` → `nav`.
    private static func name(of file: ThemeFiles.File) -> String {
        String(SitePath.lastComponent(of: file.path).dropLast(".mustache".count))
    }

    /// A problem for each `{{> name}}` or `{{<name}}` naming no template; not for those in `unparsed`, which are
    /// there but could not be read, an error of their own.
    private static func unresolvedReferences(
        in sources: [(file: String, text: String)], library: MustacheLibrary, unparsed: Set<String>,
        overrideFolder: String
    ) -> [Problem] {
        var problems: [Problem] = []
        for (file, text) in sources {
            for reference in TemplateReferences.find(in: text)
            where library.getTemplate(named: reference.name) == nil && !unparsed.contains(reference.name) {
                let message =
                    reference.isParent
                    ? "'{{<\(reference.name)}}' names no template; add \(DisplayPaths.join(overrideFolder, reference.name + ".mustache"))"
                    : "'{{> \(reference.name)}}' names no partial; add \(DisplayPaths.join(overrideFolder, "partials/" + reference.name + ".mustache"))"
                problems.append(Problem(file: file, line: reference.line, message: message))
            }
        }
        return problems
    }
}
