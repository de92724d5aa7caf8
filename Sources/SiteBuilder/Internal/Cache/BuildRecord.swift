/// What the last successful build read and wrote: the options it ran with, every file it read with
/// its stamp and digest, every output file with the key it was made from, and what it reported.
/// Stored in the build cache; see `BuildCache`.
struct BuildRecord: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// The hash of everything the file was made from (for a page: its full render context and templates).
        var key: String
        /// The file's stamp once written, to tell that it is still intact.
        var stamp: FileStamp
    }

    var generator: String
    /// The digest of the options the build ran with; see `BuildOptions.digest`.
    var options: String
    /// When the build started, in nanoseconds since 1970: files written since shortly before then
    /// cannot be told apart by their stamps alone, so the next build reads them again, and it reads the
    /// output folders changed since then (see `OutputTree`).
    var started: Int
    /// The digest of the link targets every page's Markdown summary was made against; see `LinkIndex.digest`.
    var linkTargets: String
    /// Every file the build read (`site/guide/setup.md`, `templates/page.mustache`), as it saw them.
    var inputs: [String: InputRecord]
    /// The inputs that pages included (`Includes`) and that are neither pages, assets nor settings files, and the
    /// paths looked at before them where there was no file (`IncludedFiles.absent`), which are no inputs.
    var included: [String] = []
    /// Where snippets were looked for (`IncludedFiles.snippetFolders`), which pages' summaries hold only there.
    var snippetFolders: [String] = []
    /// The snippets every page ended with (`IncludedFiles.appended`), as `mkdocs.yml` names them.
    var appendedSnippets: [String] = []
    var files: [String: Entry]
    var pageCount: Int
    var assetCount: Int
    var aliasCount: Int
    var access: AccessCounts
    var warnings: [BuildError]
    /// Where the record was read from, when it was: see `Stored`. Not part of the record's value.
    var stored: Stored?
    /// The inputs that differ from those of the last build's record, when the build worked them out while it went
    /// on: `appendix(after:output:)` then compares no input. Not part of the record's value.
    var changedInputs: ChangedInputs?

    /// The inputs of a record that differ from those of the record started at `since`, or that it does not have.
    struct ChangedInputs: Sendable {
        let since: Int
        let inputs: [String: InputRecord]
    }

    /// Those of `inputs` that differ from `previous`'s, or that it does not have.
    static func inputs(_ inputs: [String: InputRecord], changedSince previous: [String: InputRecord])
        -> [String: InputRecord]
    {
        inputs.filter { path, input in previous[path] != input }
    }

    /// The record file as a build read it. The file is a log (see `BuildRecord+Text`): the next build
    /// appends what changed while the file still has `stamp`, and writes it afresh once its file lines
    /// would be more than twice the files recorded.
    struct Stored: Sendable {
        /// The file's stamp before it was read; nil until `BuildCache.loadRecord` sets it.
        var stamp: FileStamp?
        /// How many lines about one file (`input`, `file` and their removals) the file held.
        var fileLines: Int
    }

    /// How close before `started` a file's modification time makes it suspect: the file system's clock
    /// ticks coarsely, so a file written twice within one tick keeps its stamp.
    static let racyWindow = 2_000_000_000

    /// Records are equal when they record the same; where they were read from does not count.
    static func == (left: BuildRecord, right: BuildRecord) -> Bool {
        left.generator == right.generator && left.options == right.options && left.started == right.started
            && left.linkTargets == right.linkTargets && left.inputs == right.inputs && left.included == right.included
            && left.snippetFolders == right.snippetFolders && left.appendedSnippets == right.appendedSnippets
            && left.files == right.files
            && left.pageCount == right.pageCount && left.assetCount == right.assetCount
            && left.aliasCount == right.aliasCount && left.access == right.access && left.warnings == right.warnings
    }

    /// The recorded digest of the file at `path`, when it still has the stamp it had then and that
    /// stamp was old enough to be trusted; nil when the file must be read to know what it holds.
    func trustedDigest(of path: String, stamp: FileStamp?) -> String? {
        guard let stamp, let input = inputs[path], input.stamp == stamp, stamp.modified < started - Self.racyWindow
        else { return nil }
        return input.digest
    }
}

extension BuildRecord {
    /// Adds the files `pages` include that are not inputs already to `inputs`, as they are now, and lists them
    /// in `included` with the paths passed by, so that the next build looks at them as it looks at the settings
    /// files.
    mutating func recordIncludes(of pages: [Page], files: IncludedFiles) {
        var included: Set<String> = []
        for page in pages where !page.markdown.includes.isEmpty {
            for (path, digest) in page.markdown.includes where inputs[path] == nil {
                // A path passed by is watched for a file to come, which would be included instead.
                if digest == IncludedFiles.absent { included.insert(path) }
                guard let record = files.record(of: path) else { continue }
                inputs[path] = record
                included.insert(path)
            }
        }
        self.included = included.sorted()
        snippetFolders = files.snippetFolders
        appendedSnippets = files.appended.map(\.path)
    }
}
