/// The inputs a build's record lists that are known before its pages render: the settings files and every Markdown
/// file (drafts included: they are inputs too), with those that differ from the last build's record or that it does
/// not have. Worked out on another core while the pages render; the assets and the files pages include are added once
/// they are known (`Pipeline.addInputs`).
///
/// In a `BuildSession`, a build starts from what the last published build worked out (`Kept`) while the record it
/// compares with is that build's: a page the front matter stage took again as it was (the same object) has the input
/// it had, so only the other pages are looked at, instead of naming and comparing every Markdown file of the site.
struct RecordInputs: Sendable {
    /// Every Markdown file's input, by its path as the record names it (`site/guide/setup.md`).
    let pages: [String: InputRecord]
    /// The settings files' inputs (`CacheCheck.settings`).
    let settings: [String: InputRecord]
    /// Those of `pages` and `settings` that differ from the last record's, or that it does not have; a page's input
    /// counts where a settings file has the same path.
    let changed: [String: InputRecord]

    /// What a session keeps of a published build's inputs for the next build.
    struct Kept: Sendable {
        /// `BuildRecord.started` of the record they went into.
        let started: Int
        /// The front matter stage's pages, and their sources in a list of their own (see `ListAlignment`).
        let sources: [PageSource]
        let parsed: [ParsedPage]
        let pages: [String: InputRecord]
    }

    /// `files` are the files the front matter stage made `parsed` from, at the same indices.
    init(
        _ parsed: [ParsedPage], files: [PageFile], settings: [String: InputRecord], previous: BuildRecord?,
        kept: Kept?, display: DisplayPaths
    ) {
        self.settings = settings
        var pages: [String: InputRecord]
        var changed: [String: InputRecord]
        if let previous, let kept, kept.started == previous.started, kept.parsed.count == kept.sources.count {
            (pages, changed) = Self.update(kept, to: parsed, files: files, previous: previous, display: display)
        } else {
            pages = [:]
            pages.reserveCapacity(parsed.count)
            for page in parsed {
                if let file = page.file { pages[display.site(page.source.path)] = file }
            }
            changed = pages.filter { previous?.inputs[$0.key] != $0.value }
        }
        for (path, input) in settings {
            let input = pages[path] ?? input
            if previous?.inputs[path] != input { changed[path] = input }
        }
        self.pages = pages
        self.changed = changed
    }

    /// The pages' inputs `kept` holds, made those of `parsed`, and those of them that differ from `previous`, the
    /// record `kept` went into.
    private static func update(
        _ kept: Kept, to parsed: [ParsedPage], files: [PageFile], previous: BuildRecord, display: DisplayPaths
    ) -> (pages: [String: InputRecord], changed: [String: InputRecord]) {
        let alignment = ListAlignment(kept: kept.sources, current: files, source: \.source)
        var stays = [Bool](repeating: false, count: kept.parsed.count)
        var others: [ParsedPage] = []
        for index in parsed.indices {
            if let position = alignment[index], kept.parsed[position] === parsed[index] {
                stays[position] = true
            } else {
                others.append(parsed[index])
            }
        }
        var pages = kept.pages
        var changed: [String: InputRecord] = [:]
        for (position, page) in kept.parsed.enumerated() where !stays[position] && page.file != nil {
            pages[display.site(page.source.path)] = nil
        }
        for page in others {
            guard let file = page.file else { continue }
            let path = display.site(page.source.path)
            pages[path] = file
            if previous.inputs[path] != file { changed[path] = file }
        }
        return (pages, changed)
    }
}
