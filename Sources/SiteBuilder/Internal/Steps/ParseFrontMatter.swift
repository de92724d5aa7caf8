import Foundation

/// Splits every page's front matter from its Markdown and checks it, in parallel. A page whose file
/// the build cache vouches for (same stamp, or same digest once read) takes its front matter from the
/// cache; only the others are read and parsed. In a `BuildSession`, a page the last build took from the cache is
/// taken again, as it was, while its file and the cache's entry are the same.
struct ParseFrontMatter: BuildStep {
    let stage = BuildStage.parseFrontMatter
    let files: [PageFile]
    let rootURL: String
    /// The last build's record and pages; nil and empty when there is none, or for `sitegen access`.
    let previous: BuildRecord?
    let store: PageStore
    let display: DisplayPaths
    /// What a `BuildSession` kept of this stage in its last build.
    var memory: SessionMemory?

    /// The source of each of a build's pages, in order (found again through a `ListAlignment`), and beside it the page
    /// and its warnings when it was taken from the cache (the others hold their text); and the root URL their URLs are
    /// under.
    struct Kept: Sendable {
        let rootURL: String
        let sources: [PageSource]
        let taken: [(page: ParsedPage, problems: [Problem])?]
    }

    func run(_ log: BuildLog) -> [ParsedPage] {
        let (files, previous, store, display, rootURL) = (files, previous, store, display, rootURL)
        let kept = memory?.parsedPages.flatMap { $0.rootURL == rootURL ? $0 : nil }
        let alignment = kept.map { ListAlignment(kept: $0.sources, current: files, source: \.source) }
        let lastTaken = kept?.taken ?? []
        let results = concurrentMap(Array(files.indices), onProgress: log.itemProgress(total: files.count)) { index in
            Self.taken(
                files[index], from: alignment?[index].flatMap { lastTaken[$0] }, previous: previous, store: store)
                ?? Self.parse(files[index], rootURL: rootURL, previous: previous, store: store, display: display)
        }
        log.report(results.flatMap(\.1))
        memory?.parsedPages = Kept(
            rootURL: rootURL, sources: files.map(\.source),
            taken: results.map { page, problems in page.cached == nil ? nil : (page, problems) })
        return results.map(\.0)
    }

    /// The page the last build made of the file at `pageFile`'s place (`kept`), when it took it from the cache and
    /// `parse` would take the same now: the same source and stamp, a stamp old enough to trust
    /// (`BuildRecord.trustedDigest`), and the same cache entry.
    private static func taken(
        _ pageFile: PageFile, from kept: (page: ParsedPage, problems: [Problem])?, previous: BuildRecord?,
        store: PageStore
    ) -> (ParsedPage, [Problem])? {
        guard let (page, problems) = kept, let previous, let stamp = pageFile.stamp,
            stamp.modified < previous.started - BuildRecord.racyWindow, page.file?.stamp == stamp,
            page.source == pageFile.source, let cached = page.cached,
            store.entries[pageFile.source.path] === cached
        else { return nil }
        return (page, problems)
    }

    private static func parse(
        _ pageFile: PageFile, rootURL: String, previous: BuildRecord?, store: PageStore, display: DisplayPaths
    ) -> (ParsedPage, [Problem]) {
        let path = pageFile.source.path
        let file = display.site(path)
        let source = pageFile.source
        if let stamp = pageFile.stamp, let digest = previous?.trustedDigest(of: file, stamp: stamp),
            let cached = store.entry(for: path, digest: digest)
        {
            let record = InputRecord(stamp: stamp, digest: digest)
            let page = ParsedPage(
                source: source, rootURL: rootURL, frontMatter: cached.frontMatter, file: record, cached: cached)
            return (page, warnings(of: cached.frontMatter, file: file))
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return (
                ParsedPage(source: source, rootURL: rootURL), [Problem(file: file, message: "cannot read this file")]
            )
        }
        let digest = SHA256.hex(data)
        let record = InputRecord(stamp: pageFile.stamp ?? FileStamp(size: -1, modified: 0), digest: digest)
        guard let block = FrontMatterBlock.split(PageText.decode(data)) else {
            let message = "the front matter opened with '---' on line 1 is never closed; add a '---' line after it"
            return (
                ParsedPage(source: source, rootURL: rootURL, file: record),
                [Problem(file: file, line: 1, message: message)]
            )
        }
        if block.yaml == nil, Self.opensWithTOML(block.body) {
            let message =
                "the front matter between '+++' lines is TOML, as Hugo writes it, which sitegen does not read: its "
                + "title, access and every other key would be ignored; write it as YAML between '---' lines "
                + "(title = \"Setup\" becomes title: Setup)"
            return (
                ParsedPage(source: source, rootURL: rootURL, file: record),
                [Problem(file: file, line: 1, message: message)]
            )
        }
        let body = PageBody(text: block.body, lineOffset: block.bodyLineOffset)
        if let cached = store.entry(for: path, digest: digest) {
            let page = ParsedPage(
                source: source, rootURL: rootURL, frontMatter: cached.frontMatter, body: body, file: record,
                cached: cached)
            return (page, warnings(of: cached.frontMatter, file: file))
        }
        guard let yaml = block.yaml else {
            return (ParsedPage(source: source, rootURL: rootURL, body: body, file: record), [])
        }
        let (frontMatter, problems) = FrontMatterParser(file: file, firstLine: 2).parse(yaml)
        let page = ParsedPage(source: source, rootURL: rootURL, frontMatter: frontMatter, body: body, file: record)
        return (page, problems + warnings(of: frontMatter, file: file))
    }

    /// Whether `text` opens with a `+++` line: Hugo's TOML front matter.
    private static func opensWithTOML(_ text: String) -> Bool {
        guard text.hasPrefix("+++") else { return false }
        let rest = text.dropFirst(3).prefix { $0 != "\n" }
        return rest.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" }
    }

    /// The warnings of a page's front matter (`FrontMatter.warnings`), as problems that do not stop the build.
    private static func warnings(of frontMatter: FrontMatter, file: String) -> [Problem] {
        frontMatter.warnings.map { Problem(file: file, line: $0.line, message: $0.message, isWarning: true) }
    }
}
