import Foundation
import Mustache

/// The theme's Mustache templates, compiled once per build and checked when they load.
///
/// `templates/NAME.mustache` is registered as NAME (pickable with `template: NAME`),
/// `templates/partials/NAME.mustache` as the partial NAME.
struct TemplateSet: Sendable {
    static let requiredTemplates = ["page", "section"] + SpecialPage.allCases.map(\.template)
    static let requiredPartials = ["head", "nav", "breadcrumbs", "toc", "footer"]

    let library: MustacheLibrary
    /// Names that pages may pick with `template:`.
    let pageTemplates: Set<String>
    /// The text of every template and partial by name, for the cache keys of the pages they render.
    let sources: [String: String]
    /// The partials rendered once and pasted, by name (see `PartialReuse`).
    let reused: Set<String>

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

    /// Loads and checks every template in `folder`; all problems are returned, not only the first.
    static func load(from folder: String, display: DisplayPaths) -> (TemplateSet?, [Problem]) {
        var problems: [Problem] = []
        let templateFiles = mustacheFiles(in: folder)
        guard let templateFiles else {
            let message = "the templates folder '\(folder)' does not exist; pass --templates DIR"
            return (nil, [Problem(file: nil, message: message)])
        }
        let partialFiles = mustacheFiles(in: DisplayPaths.join(folder, "partials")) ?? []
        var library = MustacheLibrary()
        var sources: [(file: String, text: String)] = []
        var texts: (templates: [String: String], partials: [String: String]) = ([:], [:])
        for (names, subfolder) in [(templateFiles, ""), (partialFiles, "partials")] {
            for name in names {
                let relative = SitePath.join(subfolder, name + ".mustache")
                let file = display.templates(relative)
                if subfolder == "partials", templateFiles.contains(name) {
                    let message =
                        "the partial '\(name)' has the same name as \(display.templates(name + ".mustache")); rename one"
                    problems.append(Problem(file: file, message: message))
                    continue
                }
                guard let data = FileManager.default.contents(atPath: DisplayPaths.join(folder, relative)) else {
                    problems.append(Problem(file: file, message: "cannot read this template"))
                    continue
                }
                let text = String(decoding: data, as: UTF8.self)
                do {
                    library.register(try MustacheTemplate(string: text), named: name)
                    sources.append((file, text))
                    if subfolder.isEmpty { texts.templates[name] = text } else { texts.partials[name] = text }
                } catch let error as MustacheTemplate.ParserError {
                    problems.append(TemplateErrors.problem(for: error, file: file))
                } catch {
                    problems.append(Problem(file: file, message: "cannot parse: \(error)"))
                }
            }
        }
        problems += missingRequired(templates: templateFiles, partials: partialFiles, display: display)
        problems += unresolvedReferences(in: sources, library: library)
        let reused = PartialReuse.install(in: &library, templates: texts.templates, partials: texts.partials)
        let set = TemplateSet(
            library: library, pageTemplates: Set(templateFiles),
            sources: texts.templates.merging(texts.partials) { template, _ in template }, reused: reused)
        return (set, problems)
    }

    /// Names of the `*.mustache` files directly in `folder`, without the extension; nil if no folder.
    private static func mustacheFiles(in folder: String) -> [String]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        return names.filter { $0.hasSuffix(".mustache") && !$0.hasPrefix(".") }.map { String($0.dropLast(9)) }.sorted()
    }

    private static func missingRequired(templates: [String], partials: [String], display: DisplayPaths) -> [Problem] {
        let missingTemplates = requiredTemplates.filter { !templates.contains($0) }.map {
            Problem(
                file: display.templates("\($0).mustache"),
                message: "this required template is missing; every theme needs page, section, 404, 403 and signed-out")
        }
        let missingPartials = requiredPartials.filter { !partials.contains($0) }.map {
            let required = requiredPartials.joined(separator: ", ")
            return Problem(
                file: display.templates("partials/\($0).mustache"),
                message: "this required partial is missing; every theme needs \(required)")
        }
        return missingTemplates + missingPartials
    }

    private static func unresolvedReferences(in sources: [(file: String, text: String)], library: MustacheLibrary)
        -> [Problem]
    {
        var problems: [Problem] = []
        for (file, text) in sources {
            for reference in TemplateReferences.find(in: text) where library.getTemplate(named: reference.name) == nil {
                let message =
                    reference.isParent
                    ? "'{{<\(reference.name)}}' names no template; add \(reference.name).mustache to the templates folder"
                    : "'{{> \(reference.name)}}' names no partial; add partials/\(reference.name).mustache to the templates folder"
                problems.append(Problem(file: file, line: reference.line, message: message))
            }
        }
        return problems
    }
}
