import Foundation

/// Reads every page and checks its front matter (in parallel); then leaves out drafts, adds section
/// pages for folders without one, and claims every page's and alias's output path.
struct ParseFrontMatter: BuildStep {
    let stage = BuildStage.parseFrontMatter

    func run(_ build: BuildState) {
        let display = build.display
        let results = concurrentMap(build.pages, onProgress: build.itemProgress(total: build.pages.count)) { page in
            Self.read(page, display: display)
        }
        var kept: [Page] = []
        for (page, problems) in results {
            build.report(problems)
            if page.frontMatter.isDraft && !build.options.includeDrafts {
                build.drafts.insert(page.source.path)
            } else {
                kept.append(page)
            }
        }
        let sources = SiteContent.addingImplicitSections(to: kept.map(\.source))
        let rootURL = build.config.rootURL
        build.pages = kept + sources.dropFirst(kept.count).map { Page(source: $0, rootURL: rootURL) }
        claimOutputs(build)
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

    private func claimOutputs(_ build: BuildState) {
        for page in build.pages {
            let owner =
                page.source.kind == .implicitSection
                ? "the folder \(build.display.site(page.source.folder))/" : build.display.site(page.source.path)
            if let problem = build.claims.claim(page.source.outputPath, by: owner, url: page.url) {
                build.report(problem)
            }
            for alias in page.frontMatter.aliases {
                let file = build.display.site(page.source.path)
                guard let path = Aliases.outputPath(for: alias.value) else {
                    let message = "alias '\(alias.value)' must be a path inside the site, e.g. /old/setup/"
                    build.report(Problem(file: file, line: alias.line, message: message))
                    continue
                }
                let owner = "the alias '\(alias.value)' in \(file)"
                let url = build.config.rootURL + (path.hasSuffix("index.html") ? String(path.dropLast(10)) : path)
                if var problem = build.claims.claim(path, by: owner, url: url) {
                    problem.file = file
                    problem.line = alias.line
                    build.report(problem)
                }
            }
        }
    }
}
