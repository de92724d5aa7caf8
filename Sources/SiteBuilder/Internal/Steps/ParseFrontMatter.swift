/// Splits every page's front matter from its Markdown and checks it, in parallel.
struct ParseFrontMatter: BuildStep {
    let stage = BuildStage.parseFrontMatter

    func run(_ build: BuildState) {
        let display = build.display
        let results = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            Self.parse(page, display: display)
        }
        build.pages = results.map(\.0)
        build.report(results.flatMap(\.1))
    }

    private static func parse(_ page: Page, display: DisplayPaths) -> (Page, [Problem]) {
        var page = page
        let file = display.site(page.source.path)
        let text = page.text
        page.text = ""
        guard let block = FrontMatterBlock.split(text) else {
            let message = "the front matter opened with '---' on line 1 is never closed; add a '---' line after it"
            return (page, [Problem(file: file, line: 1, message: message)])
        }
        page.body = block.body
        page.bodyLineOffset = block.bodyLineOffset
        guard let yaml = block.yaml else { return (page, []) }
        let (frontMatter, problems) = FrontMatterParser(file: file, firstLine: 2).parse(yaml)
        page.frontMatter = frontMatter
        // Themes may print front matter values unescaped (`{{{page.params.banner}}}`).
        let directives = ContentSSI.lines(in: yaml).map {
            ContentSSI.problem(file: file, line: $0 + 1, in: "a front matter value")
        }
        return (page, problems + directives)
    }
}
