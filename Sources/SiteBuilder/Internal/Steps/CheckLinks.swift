/// Reports every broken link with `file:line`, in page order, and warns of each link out of the site folder: links to missing pages and files, found
/// while rendering, and links to headings of other pages, which can be checked only now. A heading removed from
/// one page breaks the links of others, so pages the cache vouched for are checked too, except one whose links
/// lead where they led in the last successful build (`RenderedMarkdown.linksAsBefore`) and which that build
/// reported nothing of: its links and the headings they name are as that build found them, all there. Pages are
/// checked in parallel; problems are reported in page order.
struct CheckLinks: BuildStep {
    let stage = BuildStage.checkLinks
    let pages: [Page]
    /// See `RenderedMarkdown.linksAsBefore`.
    let linksAsBefore: [Bool]
    let anchors: SiteAnchors
    /// The last successful build's record, when it ran with the same options (the same site folder, so its
    /// reports name files as this build does, and broken links reported the same way); nil otherwise, and every
    /// page is checked.
    let previous: BuildRecord?
    let display: DisplayPaths

    func run(_ log: BuildLog) {
        let (anchors, display, linksAsBefore) = (anchors, display, linksAsBefore)
        // The files whose links the last build reported, broken ones as warnings or links out of the site folder.
        let reported = previous.map { Set($0.warnings.lazy.filter { $0.stage == .checkLinks }.compactMap(\.file)) }
        let problems = concurrentMap(Array(pages.indices)) { index -> [Problem] in
            let page = pages[index]
            if linksAsBefore[index], let reported,
                reported.isEmpty || !reported.contains(display.site(page.source.path))
            {
                return []
            }
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
