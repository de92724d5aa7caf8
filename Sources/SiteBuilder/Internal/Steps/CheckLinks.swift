/// Reports every broken link with `file:line`, in page order, and warns of each link out of the site folder: links to missing pages and files, found
/// while rendering, and links to headings of other pages, which can be checked only now. Runs over
/// every page on every build, those the cache vouched for too: a heading removed from one page
/// breaks the links of others. Pages are checked in parallel; problems are reported in page order.
struct CheckLinks: BuildStep {
    let stage = BuildStage.checkLinks
    let pages: [Page]
    let anchors: SiteAnchors
    let display: DisplayPaths

    func run(_ log: BuildLog) {
        let (anchors, display) = (anchors, display)
        let problems = concurrentMap(pages) { page -> [Problem] in
            var problems: [Problem] = []
            for link in page.markdown.links {
                guard let check = LinkCheck(link), let failure = check.failure(anchors: anchors) else { continue }
                let file = display.site(page.source.path)
                problems.append(
                    Problem(
                        file: file, line: check.line, message: failure, isBrokenLink: !check.isWarning,
                        isWarning: check.isWarning))
            }
            return problems
        }
        log.report(problems.flatMap { $0 })
    }
}
