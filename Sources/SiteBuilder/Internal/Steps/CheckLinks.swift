/// Reports every broken link with `file:line`, in page order: links to missing pages and files, found
/// while rendering, and links to headings of other pages, which can be checked only now. Runs over
/// every page on every build, those the cache vouched for too: a heading removed from one page
/// breaks the links of others. Pages are checked in parallel; problems are reported in page order.
struct CheckLinks: BuildStep {
    let stage = BuildStage.checkLinks
    let pages: [Page]
    let display: DisplayPaths

    func run(_ log: BuildLog) {
        let pages = pages
        let display = display
        let byPath = Dictionary(pages.indices.map { (pages[$0].source.path, $0) }, uniquingKeysWith: { $1 })
        let problems = concurrentMap(pages) { page -> [Problem] in
            let checks = page.markdown.linkChecks
            guard !checks.isEmpty else { return [] }
            let file = display.site(page.source.path)
            return checks.compactMap { check in
                check.failure(anchors: { path in byPath[path].map { pages[$0].markdown.anchors } ?? [] }).map {
                    Problem(file: file, line: check.line, message: $0, isBrokenLink: true)
                }
            }
        }
        log.report(problems.flatMap { $0 })
    }
}
