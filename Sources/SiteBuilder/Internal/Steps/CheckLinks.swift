/// Reports every broken link with `file:line`, in page order: links to missing pages and files, found
/// while rendering, and links to headings of other pages, which can be checked only now.
struct CheckLinks: BuildStep {
    let stage = BuildStage.checkLinks

    func run(_ build: BuildState) {
        let pages = build.pages
        for page in pages where !page.linkChecks.isEmpty {
            let file = build.display.site(page.source.path)
            let problems = page.linkChecks.compactMap { check in
                check.failure(anchors: { pages[$0].anchors }).map {
                    Problem(file: file, line: check.line, message: $0, isBrokenLink: true)
                }
            }
            build.report(problems)
        }
    }
}
