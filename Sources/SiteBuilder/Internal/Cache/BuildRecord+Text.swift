import TextTools

/// The build record's file format: one record per line, fields separated by tabs, tabs, line breaks
/// and backslashes in text escaped. Plain text rather than JSON: it is read at the start of every
/// build and holds a line per input and output file, and this reads ten thousand lines in milliseconds.
///
/// The file is a log of builds, each from `build` to `end`: the first holds the whole record, and a later one the
/// settings, warnings, included files (`included`), snippets' folders (`snippets`) and the snippets every page ends
/// with (`appended`) of a later build with the lines of only the files it changed (`no-input` and `no-file` remove
/// one), so a one-page edit appends a few lines instead of writing a line per file again. A later line about a file
/// replaces an earlier one; a file that does not end with `end` (a build stopped while appending) is damaged, and the
/// next build a full one.
///
/// ```
/// sitegen-build-cache 3
/// build
/// generator	sitegen 0.1.0
/// options	3f2a…
/// started	1763772000123456789
/// links	77c0…
/// counts	812	37	4	790	2	20
/// warning	5	12	site/guide/setup.md	'x.md' names no page; …
/// included	listings/main.rs
/// snippets	.
/// snippets	docs
/// appended	includes/abbreviations.md
/// input	9d0e…	2210	1763771000123456789	site/guide/setup.md
/// file	9c1e…	24310	1763772000123456789	guide/setup/index.html
/// end
/// build
/// …
/// input	41aa…	2231	1763775000123456789	site/guide/setup.md
/// no-file	guide/old/index.html
/// end
/// ```
extension BuildRecord {
    private static let header = "sitegen-build-cache 3"

    /// The whole file, written field by field into one buffer, files in no particular order: this runs
    /// over a line per input and output file.
    var bytes: [UInt8] {
        var out = RecordLines(capacity: 160 * (inputs.count + files.count) + 512)
        out.line(Self.header)
        writeBuild(
            to: &out, inputs: inputs.lazy.map { ($0.key, $0.value) }, removedInputs: [],
            files: files.lazy.map { ($0.key, $0.value) }, removedFiles: [])
        return out.bytes
    }

    /// The lines to append to the file `previous` was read from to make it hold this record: the settings,
    /// the warnings, and the lines of the files that changed — the output's as `output` says (the writer
    /// knows which files it did not keep), the inputs' as `changedInputs` says or by comparing, and how many lines
    /// about files they hold. Nil
    /// when writing the file afresh is better: it was not read from a file, or its file lines would be more than
    /// twice the files recorded.
    func appendix(after previous: BuildRecord, output: OutputChanges) -> (bytes: [UInt8], fileLines: Int)? {
        guard let stored = previous.stored else { return nil }
        let known = changedInputs.flatMap { $0.since == previous.started ? $0.inputs : nil }
        let compared = { Self.inputs(self.inputs, changedSince: previous.inputs) }
        let inputs = known ?? compared()
        // Tests run debug builds: every build they make checks what it was told against comparing.
        assert(known == nil || known == compared())
        let added = inputs.keys.count { previous.inputs[$0] == nil }
        // The inputs both records have number `self.inputs.count - added`: when that is all of the last
        // record's, none was removed, and its inputs are not looked through.
        let removedInputs =
            self.inputs.count - added == previous.inputs.count
            ? [] : previous.inputs.keys.filter { self.inputs[$0] == nil }
        let changed = inputs.count + output.files.count + removedInputs.count + output.removed.count
        guard stored.fileLines + changed <= 2 * (self.inputs.count + files.count) else { return nil }
        var out = RecordLines(capacity: 160 * changed + 512)
        writeBuild(
            to: &out, inputs: inputs.lazy.map { ($0.key, $0.value) }, removedInputs: removedInputs,
            files: output.files.lazy.map { ($0.key, $0.value) }, removedFiles: output.removed)
        return (out.bytes, changed)
    }

    /// One build's lines, from `build` to `end`.
    private func writeBuild(
        to out: inout RecordLines, inputs: some Sequence<(String, InputRecord)>, removedInputs: [String],
        files: some Sequence<(String, Entry)>, removedFiles: [String]
    ) {
        out.line("build")
        out.line("generator", Self.escaped(generator))
        out.line("options", Self.escaped(options))
        out.line("started", started)
        out.line("links", Self.escaped(linkTargets))
        out.line("counts", pageCount, assetCount, aliasCount, access.signedIn, access.public, access.restricted)
        for warning in warnings {
            out.field("warning")
            out.field(warning.stage.rawValue)
            out.field(warning.line.map(String.init) ?? "")
            out.field(Self.escaped(warning.file ?? ""))
            out.last(Self.escaped(warning.message))
        }
        for path in included { out.line("included", Self.escaped(path)) }
        for folder in snippetFolders { out.line("snippets", Self.escaped(folder)) }
        for path in appendedSnippets { out.line("appended", Self.escaped(path)) }
        for (path, input) in inputs {
            out.fileLine("input", key: Self.escaped(input.digest), stamp: input.stamp, path: Self.escaped(path))
        }
        for path in removedInputs { out.line("no-input", Self.escaped(path)) }
        for (path, entry) in files {
            out.fileLine("file", key: Self.escaped(entry.key), stamp: entry.stamp, path: Self.escaped(path))
        }
        for path in removedFiles { out.line("no-file", Self.escaped(path)) }
        out.line("end")
    }

    /// Reads `bytes`; nil when they are not a build record of this format, or are damaged. Works on the
    /// bytes, field by field: this reads a line per file at the start of every build, and makes strings
    /// only of the fields it keeps.
    init?(bytes: [UInt8]) {
        var lines = RecordFields(bytes: bytes)
        guard lines.line(is: Self.header) else { return nil }
        var record = BuildRecord(
            generator: "", options: "", started: 0, linkTargets: "", inputs: [:], files: [:], pageCount: 0,
            assetCount: 0, aliasCount: 0, access: AccessCounts(), warnings: [])
        let estimate = bytes.count / 160
        record.files.reserveCapacity(estimate)
        record.inputs.reserveCapacity(estimate)
        var fileLines = 0
        var inBuild = false
        while !lines.isAtEnd {
            if !inBuild {
                guard lines.line(is: "build") else { return nil }
                (inBuild, record.warnings, record.included) = (true, [], [])
                (record.snippetFolders, record.appendedSnippets) = ([], [])
                continue
            }
            if lines.line(is: "end") {
                inBuild = false
                continue
            }
            guard let kind = lines.field() else { return nil }
            switch kind {
            case "no-input", "no-file":
                guard let path = lines.text(last: true) else { return nil }
                if kind == "no-input" {
                    record.inputs[path] = nil
                } else {
                    record.files[path] = nil
                }
                fileLines += 1
            case "input", "file":
                guard let key = lines.text(), let size = lines.number(), let modified = lines.number(),
                    let path = lines.text(last: true)
                else { return nil }
                let stamp = FileStamp(size: size, modified: modified)
                if kind == "input" {
                    record.inputs[path] = InputRecord(stamp: stamp, digest: key)
                } else {
                    record.files[path] = Entry(key: key, stamp: stamp)
                }
                fileLines += 1
            case "included":
                guard let path = lines.text(last: true) else { return nil }
                record.included.append(path)
            case "snippets":
                guard let folder = lines.text(last: true) else { return nil }
                record.snippetFolders.append(folder)
            case "appended":
                guard let path = lines.text(last: true) else { return nil }
                record.appendedSnippets.append(path)
            case "generator", "options", "links":
                guard let value = lines.text(last: true) else { return nil }
                switch kind {
                case "generator": record.generator = value
                case "options": record.options = value
                default: record.linkTargets = value
                }
            case "started":
                guard let started = lines.number(last: true) else { return nil }
                record.started = started
            case "counts":
                var counts: [Int] = []
                for index in 0..<6 {
                    guard let count = lines.number(last: index == 5) else { return nil }
                    counts.append(count)
                }
                (record.pageCount, record.assetCount, record.aliasCount) = (counts[0], counts[1], counts[2])
                (record.access.signedIn, record.access.public, record.access.restricted) =
                    (counts[3], counts[4], counts[5])
            case "warning":
                guard let stage = lines.number().flatMap(BuildStage.init(rawValue:)), let line = lines.text(),
                    let file = lines.text(), let message = lines.text(last: true)
                else { return nil }
                record.warnings.append(
                    BuildError(stage: stage, file: file.isEmpty ? nil : file, line: Int(line), message: message))
            default:
                return nil
            }
        }
        guard !inBuild else { return nil }
        record.stored = Stored(fileLines: fileLines)
        self = record
    }

    /// Backslashes, tabs and line breaks escaped (see `replacingScalars`: found by fuzz-build-cache).
    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A }) else { return text }
        return text.replacingScalars { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\t": "\\t"
            case "\n": "\\n"
            default: nil
            }
        }
    }
}
