import Foundation

@testable import SiteBuilder

/// A site written into its own temporary folder for one test, removed when the test drops it.
///
/// Layout: `<temp>/site`, `<temp>/templates`, `<temp>/public`.
final class TestSite {
    let root: String

    /// Templates that print only what a test looks at: the body, or one line per context field.
    static let contentOnlyTemplates: [String: String] = [
        "layout.mustache": "{{$content}}{{/content}}",
        "page.mustache": "{{<layout}}{{$content}}{{{page.content_html}}}{{/content}}{{/layout}}",
        "section.mustache": "{{<layout}}{{$content}}{{{page.content_html}}}{{/content}}{{/layout}}",
        "404.mustache": "{{<layout}}{{$content}}<h1>{{page.title}}</h1>{{/content}}{{/layout}}",
        "403.mustache": "{{<layout}}{{$content}}<h1>{{page.title}}</h1>{{/content}}{{/layout}}",
        "signed-out.mustache": "{{<layout}}{{$content}}<h1>{{page.title}}</h1>{{/content}}{{/layout}}",
        "partials/head.mustache": "",
        "partials/nav.mustache": "",
        "partials/nav-item.mustache": "",
        "partials/breadcrumbs.mustache": "",
        "partials/toc.mustache": "",
        "partials/footer.mustache": "",
    ]

    /// The output paths of the built-in theme's assets, which every build publishes unless overridden.
    static let builtInAssets = BuiltInTheme.files.keys.filter { $0.hasPrefix("assets/") }.sorted()

    /// The repository's default theme, `templates/`.
    static let defaultTheme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../templates").standardizedFileURL.path

    init(
        pages: [String: String],
        templates: [String: String] = TestSite.contentOnlyTemplates,
        function: String = #function
    ) throws {
        let name = function.prefix { $0.isLetter || $0.isNumber }
        root =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-test-\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root + "/site", withIntermediateDirectories: true)
        try write(pages, under: "site")
        try write(templates, under: "templates")
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Without the search index, so each test's output is what it looks at; `SearchIndexTests` turn it on.
    var options: BuildOptions {
        BuildOptions(
            siteFolder: root + "/site", templatesFolder: root + "/templates", outputFolder: root + "/public",
            buildsSearchIndex: false)
    }

    /// Builds with `options`, adjusted by `adjust`.
    @discardableResult
    func build(_ adjust: (inout BuildOptions) -> Void = { _ in }) throws(BuildFailure) -> BuildReport {
        var options = options
        adjust(&options)
        return try SiteBuilder.build(options: options)
    }

    /// Builds and returns the stages that ran, in order.
    func stagesRun(_ adjust: (inout BuildOptions) -> Void = { _ in }) throws -> [BuildStage] {
        var options = options
        adjust(&options)
        let stages = Recorded<BuildStage>()
        _ = try SiteBuilder.build(options: options) { event in
            if case .stageStarted(let stage, _, _) = event { stages.record(stage) }
        }
        return stages.all
    }

    /// Builds and returns the errors of the failed build as printed, with the temp folder shortened to `site/`.
    func buildErrors(_ adjust: (inout BuildOptions) -> Void = { _ in }) -> [String] {
        do {
            try build(adjust)
            return []
        } catch {
            return error.errors.map { $0.description.replacingOccurrences(of: root + "/", with: "") }
        }
    }

    func write(_ files: [String: String], under folder: String) throws {
        for (path, text) in files {
            try write(Data(text.utf8), to: folder + "/" + path)
        }
    }

    func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: root + "/" + path)
    }

    /// The text of an output file, e.g. `output("guide/setup/index.html")`; nil when it does not exist.
    func output(_ path: String) -> String? {
        FileManager.default.contents(atPath: root + "/public/" + path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Every file of the output with its bytes.
    func outputFiles() -> [String: Data] {
        let folder = root + "/public"
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return files
    }

    /// Names in the folder that holds the output (to spot leftover staging folders).
    func namesBesideOutput() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root).sorted()
    }
}

/// Collects what a build's progress callback is sent, from whichever thread sends it, in order.
final class Recorded<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []

    func record(_ element: Element) {
        lock.withLock { elements.append(element) }
    }

    var all: [Element] {
        lock.withLock { elements }
    }
}
