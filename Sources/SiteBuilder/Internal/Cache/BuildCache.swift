import AccessRules
import Foundation

/// The build cache, kept beside the output folder in `.sitegen-cache/` (git-ignorable; deleting it
/// only makes the next build a full one): `<output name>.txt`, the record of the last published
/// output (see `BuildRecord`), `<output name>.pages`, what its pages were parsed into (see `PageStore`), and
/// `<output name>.search/`, the words its search index counted in each page, a file per part (see
/// `SearchPartWords`), `<output name>.links`, what its links could point at (see `LinkTargetChanges`), and
/// `<output name>.access`, the access manifest it published (see `ManifestCopy`).
///
/// A build whose options and input files are as recorded, over an output that is exactly as recorded,
/// does nothing. Otherwise a page whose file is unchanged is not parsed again; its Markdown is not
/// rendered again while its links resolve as before; and its template is not rendered again when its
/// full render context and templates hash to the key recorded for its file and that file is intact.
/// A file counts as unchanged while its size and modification time (in nanoseconds) are as recorded,
/// as in `make` or `git status`, except a file written shortly before the recorded build started,
/// which is read again.
struct BuildCache {
    /// Who wrote a cache file: the sitegen version and the cache's own revision, raised whenever a stage
    /// reads or checks its inputs differently, so that a cache written before is not trusted by a binary of
    /// the same version (revision 2: decoded front matter values are checked for SSI directives; 3: a file's
    /// access rule depends on the pages linking it; 4: callouts, `.markdown` pages and README sections, CJK
    /// search words; 5: math warnings kept with the page's summary; 6: weights are any number, not whole
    /// ones; math outside text is put back as written, which changes summaries' links and math warnings; 7: links
    /// written in raw HTML are among a summary's links; 8: a heading's `{#id}` gives its id and leaves its text;
    /// 9: the ids MkDocs gives headings, and the heading a link names by one of them, in a summary; 10: links
    /// after Jekyll's `{{ site.baseurl }}` and absolute `.html` links to pages resolve; 11: the search index's
    /// keys are made from each page's HTML digest, not from the site's link targets; 12: raw HTML's anchors are
    /// read from its tags' `id` and `name` attributes, search reads tags as they are, and `.html` names find
    /// pages whose extension is in another case; 13: a front matter key that looks meant as `access:` is an
    /// error, not a value for templates; 14: other tools' front matter keys are read (`published: false`,
    /// `sidebar_position`, `nav_order`, `redirect_from`, `permalink`) or warned about with slips of sitegen's own,
    /// and the warnings are kept with the page's front matter; a book's `SUMMARY.md` is no page; 15: a folder's
    /// `_category_.json` is a settings file, no longer an asset recorded as one; 16: Docusaurus's and VitePress's
    /// `:::` containers are callouts; 17: a code fence's title is the block's caption, and lines to highlight
    /// glued to its language are passed by; 18: MkDocs Material's content tabs are panels under their titles; 19:
    /// front matter's `nav_title`, Hugo's `linkTitle` and Docusaurus's `sidebar_label`; 20: a book's `SUMMARY.md`
    /// names its chapters in the nav, and titles a page without a title of its own; 21: a code fence's lines to
    /// highlight are marked; 22: Hugo's `ref` and `relref` shortcodes as link destinations lead to their pages; 23:
    /// the titles of admonitions, containers and content tabs are Markdown; 24: Hugo's `figure` and `highlight`
    /// shortcodes; 25: Docusaurus's comments and VitePress's notations mark a code block's lines; 26: definition
    /// lists; 27: abbreviations; 28: attribute lists after links and images; 29: marked text, and a link with
    /// attributes in a table cell; 30: wiki links; 31: alerts are read before the passes over text, so text such as
    /// `[!x]` is no longer passed by when abbreviations are marked; 32: Obsidian's embeds; 33: Obsidian's callout
    /// titles and folding; 34: Obsidian's comments are left out; 35: the callouts and tabs of Hugo's docs themes; 36:
    /// wiki links find a page by its aliases that are names; 37: lines in focus blur the others; 38: Docusaurus's
    /// tabs; 39: keys; 40: Obsidian's block ids; 41: emoji by name; 42: the
    /// table of contents marker, no longer a wiki link; 43: blocks indented under a definition are part of it;
    /// 44: Docusaurus's tabs inside a tab; 45: a fence's language ends at a comma, and Rust's hidden lines;
    /// 46: GitLab's multiline quotes; 47: Jekyll's highlight, link and raw tags; 48: search leaves out what a `<nav>`
    /// holds; 49: MDX's comments are left out; 50: the files a page includes, which its summary lists; 51: and the
    /// paths looked at before them where there was no file; 52: raw HTML's `xlink:href` and a `style`'s `url(…)` are
    /// links; 53: fences inside quotes, list items and admonitions are code to the passes before parsing, and display
    /// math over lines stops at a fence; 54: a title with raw HTML naming an address is plain text; 55: `[[1]](url)`
    /// and `[[ x ]]` are no wiki links, and math in a table cell is kept; 56: raw HTML's `background` is a link; 57: a quoted
    /// `published: "false"` is an error; 58: `==` inside a word marks nothing, and a block id is two characters or
    /// more; 59: pages and the search index name rules by id, not by number; 60: a comment nothing closes is a
    /// warning the summary keeps; 61: md_in_html; 72: a page's key digests the entries around it rather than their paths and
    /// shown digests one by one).
    static let generator = "\(PageContext.generator), build cache 72"

    let recordFile: String
    let pagesFile: String
    let searchFolder: String
    let linksFile: String
    let accessFile: String
    /// git's dates of the site's files and the commit they were read at (`GitDates`).
    let gitDatesFile: String
    /// The output folder.
    let outputFolder: String
    /// What a `BuildSession` keeps of these files between its builds; nil for a lone build.
    let memory: CacheMemory?

    init(outputFolder: String, memory: CacheMemory? = nil) {
        self.outputFolder = outputFolder
        self.memory = memory
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        let folder = output.deletingLastPathComponent().appendingPathComponent(".sitegen-cache")
        recordFile = folder.appendingPathComponent(output.lastPathComponent + ".txt").path
        pagesFile = folder.appendingPathComponent(output.lastPathComponent + ".pages").path
        searchFolder = folder.appendingPathComponent(output.lastPathComponent + ".search").path
        linksFile = folder.appendingPathComponent(output.lastPathComponent + ".links").path
        accessFile = folder.appendingPathComponent(output.lastPathComponent + ".access").path
        gitDatesFile = folder.appendingPathComponent(output.lastPathComponent + ".git-dates").path
    }

    /// The previous record; nil when there is none or it was written by another sitegen version.
    func loadRecord() -> BuildRecord? {
        if let kept = memory?.record(at: recordFile) { return kept }
        let stamp = FileStamp.of(recordFile)
        guard let bytes = FileBytes.read(recordFile), var record = BuildRecord(bytes: bytes),
            record.generator == Self.generator
        else { return nil }
        record.stored?.stamp = stamp
        return record
    }

    /// The previous page store; empty when there is none, it cannot be read, or another sitegen version wrote it.
    func loadPages(markdownSettings: String) -> PageStore {
        if let kept = memory?.pages(at: pagesFile), kept.generator == Self.generator + markdownSettings { return kept }
        guard let bytes = FileBytes.read(pagesFile), let store = PageStore(bytes: bytes),
            store.generator == Self.generator + markdownSettings
        else { return PageStore(markdownSettings: markdownSettings) }
        return store
    }

    /// The link targets of the last build (`LinkIndex.described`) as a `BuildSession` kept them, when they are those
    /// its record's digest names; nil in a lone build, or when the session kept none.
    func keptLinkTargets(digest: String) -> [UInt8]? {
        memory?.linkTargets(digest: digest)
    }

    /// The link targets of the last build (`LinkIndex.described`), when they are those its record's digest names.
    func loadLinkTargets(digest: String) -> [UInt8]? {
        if let kept = keptLinkTargets(digest: digest) { return kept }
        guard let bytes = FileBytes.read(linksFile), SHA256.hex(bytes) == digest else { return nil }
        return bytes
    }

    /// The output folder as the last build left it: listed (`OutputTree`), or, where a `BuildSession` published it
    /// and it is still as that build's record lists it, taken from `previous` without listing a folder.
    func outputFiles(since previous: BuildRecord?) -> OutputListing {
        if let previous, memory?.outputAsRecorded(recordPath: recordFile, output: outputFolder) == true {
            return OutputListing(files: previous.files.mapValues(\.stamp), asRecorded: true)
        }
        return OutputListing(files: OutputTree.files(in: outputFolder, since: previous), asRecorded: false)
    }

    /// The access manifest the last build published, when the file it published has `stamp` still.
    func loadManifest(published stamp: FileStamp) -> AccessManifest? {
        if let kept = memory?.manifest(published: stamp) { return kept }
        return FileBytes.read(accessFile).flatMap { ManifestCopy.manifest(from: $0, published: stamp) }
    }

    /// The words the last build that indexed the search part in `folder` (`_search/RULE/SHARD/`) counted;
    /// nil when there are none, they cannot be read, or another sitegen version counted them.
    func loadSearchWords(of folder: String) -> SearchPartWords? {
        FileBytes.read(searchFile(of: folder)).flatMap { SearchPartWords(bytes: $0, generator: Self.generator) }
    }

    /// `_search/k4vz2mqa/0/` is kept in `k4vz2mqa-0.words`.
    private func searchFile(of folder: String) -> String {
        let name = folder.dropFirst(SearchIndex.folder.count).split(separator: "/").joined(separator: "-")
        return (searchFolder as NSString).appendingPathComponent(name + ".words")
    }

    /// Saves the record, the page store, the search words and, when they changed, the link targets and the access
    /// manifest (`manifest`, published as the record's file says); each entry of the page store and each page's
    /// words name the digest or key they are valid for, so every file is safe to use without the others. The
    /// record and the page store are appended to when they can be (see `BuildRecord.appendix(after:output:)` and
    /// `PageStore.appendix`), the record only while its file is as `previous` was read from it; if appending
    /// fails, the file is removed rather than left torn. A `BuildSession`'s memory then keeps the record and the
    /// page store as their files now hold them.
    func save(
        _ record: BuildRecord, previous: BuildRecord?, output: OutputChanges, pages: PageStore,
        search: SearchCacheUpdate, linkTargets: [UInt8], manifest: AccessManifest
    ) throws {
        do {
            let (record, pages) = try write(
                record, previous: previous, output: output, pages: pages, search: search, linkTargets: linkTargets,
                manifest: manifest)
            memory?.keep(
                record: record, at: recordFile, pages: pages, at: pagesFile,
                linkTargets: (record.linkTargets, linkTargets), manifest: manifest, output: outputFolder)
        } catch {
            memory?.forget()
            throw error
        }
    }

    /// Writes the files `save` does; returns the record and page store as reading their files back gives them.
    private func write(
        _ record: BuildRecord, previous: BuildRecord?, output: OutputChanges, pages: PageStore,
        search: SearchCacheUpdate, linkTargets: [UInt8], manifest: AccessManifest
    ) throws -> (BuildRecord, PageStore) {
        let folder = (recordFile as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // The link targets, the manifest's copy, the search words and the page store are saved on other cores while
        // the record is.
        let targetsAndRules = Background { [linksFile, accessFile] in
            Result {
                if previous?.linkTargets != record.linkTargets || !FileManager.default.fileExists(atPath: linksFile) {
                    try Data(linkTargets).write(to: URL(fileURLWithPath: linksFile), options: .atomic)
                }
                let published = record.files[AccessManifest.relativePath]?.stamp
                if let published,
                    published != previous?.files[AccessManifest.relativePath]?.stamp
                        || !FileManager.default.fileExists(atPath: accessFile)
                {
                    let bytes = ManifestCopy.bytes(of: manifest, published: published)
                    try Data(bytes).write(to: URL(fileURLWithPath: accessFile), options: .atomic)
                }
            }
        }
        let words = Background { Result { try save(search) } }
        let pagesSaved = Background { [pagesFile] in
            Result {
                let saved = pages.saved()
                if saved.appended {
                    try append(saved.bytes, to: pagesFile)
                } else {
                    try Data(saved.bytes).write(to: URL(fileURLWithPath: pagesFile), options: .atomic)
                }
                return saved.stored
            }
        }
        defer { _ = (targetsAndRules.value, words.value, pagesSaved.value) }
        var stored = record
        stored.changedInputs = nil
        if let previous, let previousStored = previous.stored, let stamp = previousStored.stamp,
            let appendix = record.appendix(after: previous, output: output),
            FileStamp.of(recordFile) == stamp
        {
            try append(appendix.bytes, to: recordFile)
            stored.stored = BuildRecord.Stored(fileLines: previousStored.fileLines + appendix.fileLines)
        } else {
            try Data(record.bytes).write(to: URL(fileURLWithPath: recordFile), options: .atomic)
            stored.stored = BuildRecord.Stored(fileLines: record.inputs.count + record.files.count)
        }
        stored.stored?.stamp = FileStamp.of(recordFile)
        let storedPages = try pagesSaved.value.get()
        try words.value.get()
        try targetsAndRules.value.get()
        return (stored, storedPages)
    }

    /// Writes the words of the parts indexed again, on all cores, and removes those of parts the site no
    /// longer has.
    private func save(_ search: SearchCacheUpdate) throws {
        let kept = Set(search.parts.map { searchFile(of: $0) })
        let stale = ((try? FileManager.default.contentsOfDirectory(atPath: searchFolder)) ?? [])
            .map { (searchFolder as NSString).appendingPathComponent($0) }.filter { !kept.contains($0) }
        for file in stale { try FileManager.default.removeItem(atPath: file) }
        guard !search.indexed.isEmpty else { return }
        try FileManager.default.createDirectory(atPath: searchFolder, withIntermediateDirectories: true)
        let failures = concurrentMap(search.indexed.sorted { $0.key < $1.key }) { folder, words -> (any Error)? in
            do {
                try Data(words.bytes(generator: Self.generator))
                    .write(to: URL(fileURLWithPath: searchFile(of: folder)), options: .atomic)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Appends `bytes` to `file`; removes the file if that fails, so that no torn file is read.
    private func append(_ bytes: [UInt8], to file: String) throws {
        guard !bytes.isEmpty else { return }
        do {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: bytes)
        } catch {
            try? FileManager.default.removeItem(atPath: file)
            throw error
        }
    }
}
