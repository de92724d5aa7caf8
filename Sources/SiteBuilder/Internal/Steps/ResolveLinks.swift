/// Checks every link against an index of pages, headings and files built once, and works out the
/// built URL of each `.md` and relative link. Broken links and anchors are reported with `file:line`.
struct ResolveLinks: BuildStep {
    let stage = BuildStage.resolveLinks

    func run(_ build: BuildState) {
        let index = LinkIndex(
            pages: build.pages, assets: build.assets.map(\.outputPath),
            drafts: build.drafts, rootURL: build.config.rootURL)
        let resolver = LinkResolver(index: index)
        let display = build.display
        let results = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            Self.resolve(page, resolver: resolver, display: display)
        }
        build.pages = results.map(\.0)
        build.report(results.flatMap(\.1))
    }

    private static func resolve(_ page: Page, resolver: LinkResolver, display: DisplayPaths) -> (Page, [Problem]) {
        guard let document = page.document else { return (page, []) }
        var page = page
        var problems: [Problem] = []
        let file = display.site(page.source.path)
        page.resolvedLinks = document.links.map { link in
            switch resolver.resolve(link.destination, folder: page.source.folder, anchors: page.anchors) {
            case .unchanged:
                return nil
            case .rewritten(let url):
                return url
            case .broken(let message):
                let line = link.line + page.bodyLineOffset
                problems.append(Problem(file: file, line: line, message: message, isBrokenLink: true))
                return nil
            }
        }
        return (page, problems)
    }
}
