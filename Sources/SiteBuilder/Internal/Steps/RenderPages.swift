import Foundation

/// Renders every page through its template (in parallel) into the staging folder. A page whose full
/// render context and templates are unchanged since the last build, and whose output file is intact,
/// is kept as it is instead of rendered.
struct RenderPages: BuildStep {
    let stage = BuildStage.renderPages
    let writesOutput = true

    func run(_ build: BuildState) {
        guard let templates = build.templates, let tree = build.tree, let access = build.access else { return }
        let writer: OutputWriter
        do {
            writer = try OutputWriter(outputFolder: build.options.outputFolder, previous: build.previousManifest)
        } catch {
            build.report(
                Problem(message: "cannot create a staging folder next to '\(build.options.outputFolder)': \(error)"))
            return
        }
        build.writer = writer
        let context = PageContext(
            config: build.config, pages: build.pages, tree: tree, access: access, templates: templates,
            search: build.searchIndex)
        build.context = context
        let display = build.display
        let results = concurrentMap(
            Array(build.pages.indices), onProgress: build.itemProgress(total: build.pages.count)
        ) { index in
            Self.render(index, context: context, templates: templates, writer: writer, display: display)
        }
        build.reusedPageCount = results.filter { $0 == .kept }.count
        build.report(results.compactMap(\.problem))
    }

    enum Outcome: Equatable {
        case kept
        case rendered
        case failed(String, file: String)

        var problem: Problem? {
            guard case .failed(let message, let file) = self else { return nil }
            return Problem(file: file, message: message)
        }
    }

    private static func render(
        _ index: Int,
        context: PageContext,
        templates: TemplateSet,
        writer: OutputWriter,
        display: DisplayPaths
    ) -> Outcome {
        let page = context.pages[index]
        let values = context.context(for: index)
        let template = page.frontMatter.template?.value ?? (page.source.isSection ? "section" : "page")
        var keyInput = Array("\(PageContext.generator)\n\(templates.hash)\n\(template)\n".utf8)
        values.digest.append(to: &keyInput)
        let key = SHA256.hex(keyInput)
        if writer.keepIfUnchanged(page.source.outputPath, key: key) { return .kept }
        let html = templates.render(values, with: template)
        do {
            try writer.write(html, to: page.source.outputPath, key: key)
            return .rendered
        } catch {
            return .failed(
                "cannot write \(page.source.outputPath): \(error.localizedDescription)",
                file: display.site(page.source.path))
        }
    }
}
