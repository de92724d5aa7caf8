import Foundation

/// What a build records for the next: every file it read, and what it found in every Markdown file.
extension Pipeline {
    /// Gives `record` every file this build read: `early`, the assets "Copy assets" read and the files
    /// the pages included; and which of them changed since `previous`, the last build's record.
    static func addInputs(
        to record: inout BuildRecord, early: RecordInputs, assets: [String: InputRecord], pages: [Page],
        includes: IncludedFiles, previous: BuildRecord?
    ) {
        var changed = early.changed
        var inputs = early.pages
        for (path, input) in early.settings where inputs[path] == nil { inputs[path] = input }
        for (path, input) in assets { inputs[path] = input }
        record.inputs = inputs
        record.recordIncludes(of: pages, files: includes)
        // Those added since `early` was compared.
        for path in assets.keys + record.included {
            let input = record.inputs[path]
            changed[path] = previous?.inputs[path] == input ? nil : input
        }
        record.changedInputs = previous.map { .init(since: $0.started, inputs: changed) }
    }

    /// What this build found in every Markdown file, for the next build. Starts from the last build's store,
    /// whose entries stay where they still hold (same file, summary taken from the cache or still none): only
    /// the entries of files read or rendered again are replaced, and the entries of files the site no longer
    /// has are dropped. `published` pairs each page of the site with what "Render Markdown" made of it.
    static func store(_ parsed: [ParsedPage], published: [(ParsedPage, Page)], previous: PageStore)
        -> PageStore
    {
        let built = Dictionary(published.map { (ObjectIdentifier($0.0), $0.1) }) { first, _ in first }
        var entries = previous.entries
        var files = 0
        for page in parsed {
            guard let file = page.file else { continue }
            files += 1
            let rendered = built[ObjectIdentifier(page)]
            if let kept = page.cached, rendered.map({ $0.html == nil }) ?? (kept.markdown == nil) { continue }
            entries[page.source.path] = PageStore.Entry(
                digest: file.digest, frontMatter: page.frontMatter, markdown: rendered?.markdown)
        }
        // Every file of the site has its entry now, so any more are of files it no longer has.
        if entries.count != files {
            let paths = Set(parsed.lazy.filter { $0.file != nil }.map(\.source.path))
            entries = entries.filter { paths.contains($0.key) }
        }
        return previous.replacing(entries: entries)
    }
}
