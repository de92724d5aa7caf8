import Foundation

/// Reads every page and checks its front matter, in parallel.
struct ParseFrontMatter: BuildStep {
    let stage = BuildStage.parseFrontMatter

    func run(_ build: BuildState) {
        let display = build.display
        let results = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            Self.read(page, display: display)
        }
        build.pages = results.map(\.0)
        build.report(results.flatMap(\.1))
    }

    private static func read(_ page: Page, display: DisplayPaths) -> (Page, [Problem]) {
        var page = page
        let file = display.site(page.source.path)
        guard let data = FileManager.default.contents(atPath: file) else {
            return (page, [Problem(file: file, message: "cannot read this file")])
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if data.contains(UInt8(ascii: "\r")) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        guard let block = FrontMatterBlock.split(text) else {
            let message = "the front matter opened with '---' on line 1 is never closed; add a '---' line after it"
            return (page, [Problem(file: file, line: 1, message: message)])
        }
        page.body = block.body
        page.bodyLineOffset = block.bodyLineOffset
        guard let yaml = block.yaml else { return (page, []) }
        let (frontMatter, problems) = FrontMatterParser(file: file, firstLine: 2).parse(yaml)
        page.frontMatter = frontMatter
        return (page, problems)
    }
}
