/// Reports every broken link with `file:line`, in page order: links to missing pages and files, found
/// while rendering, and links to headings of other pages, which can be checked only now. Runs over
/// every page on every build, those the cache vouched for too: a heading removed from one page
/// breaks the links of others.
struct CheckLinks: BuildStep {
    let stage = BuildStage.checkLinks
    let pages: [Page]
    let display: DisplayPaths

    func run(_ log: BuildLog) {
        let anchors = Dictionary(pages.map { ($0.source.path, $0.markdown.anchors) }, uniquingKeysWith: { $1 })
        for page in pages {
            let checks = page.markdown.linkChecks
            guard !checks.isEmpty else { continue }
            let file = display.site(page.source.path)
            let problems = checks.compactMap { check in
                check.failure(anchors: { anchors[$0] ?? [] }).map {
                    Problem(file: file, line: check.line, message: $0, isBrokenLink: true)
                }
            }
            log.report(problems)
        }
    }
}
