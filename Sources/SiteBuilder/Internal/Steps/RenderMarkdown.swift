/// Renders every page's Markdown to HTML (in parallel), with rewritten links and heading ids,
/// and frees the syntax trees.
struct RenderMarkdown: BuildStep {
    let stage = BuildStage.renderMarkdown

    func run(_ build: BuildState) {
        build.pages = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            guard let document = page.document else { return page }
            var page = page
            for (index, url) in page.resolvedLinks.enumerated() {
                if let url { document.setLinkDestination(url, at: index) }
            }
            page.contentHTML = document.renderHTML(headingIDs: page.headingIDs)
            page.document = nil
            page.resolvedLinks = []
            return page
        }
    }
}
