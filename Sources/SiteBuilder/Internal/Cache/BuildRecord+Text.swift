/// The build record's file format: one record per line, fields separated by tabs, tabs, line breaks
/// and backslashes in text escaped. Plain text rather than JSON: it is read at the start of every
/// build and holds a line per input and output file, and this reads ten thousand lines in milliseconds.
///
/// ```
/// sitegen-build-cache 2
/// generator	sitegen 0.1.0
/// options	3f2a…
/// started	1763772000123456789
/// links	77c0…
/// counts	812	37	4	790	2	20
/// warning	5	12	site/guide/setup.md	'x.md' names no page; …
/// input	9d0e…	2210	1763771000123456789	site/guide/setup.md
/// file	9c1e…	24310	1763772000123456789	guide/setup/index.html
/// ```
extension BuildRecord {
    private static let header = "sitegen-build-cache 2"

    /// The file's bytes, written field by field into one buffer: this runs after every build that
    /// changed anything, over a line per input and output file.
    var bytes: [UInt8] {
        var out = RecordLines(capacity: 160 * (inputs.count + files.count) + 512)
        out.line(Self.header)
        out.line("generator", Self.escaped(generator))
        out.line("options", options)
        out.line("started", started)
        out.line("links", linkTargets)
        out.line("counts", pageCount, assetCount, aliasCount, access.signedIn, access.public, access.restricted)
        for warning in warnings {
            out.field("warning")
            out.field(warning.stage.rawValue)
            out.field(warning.line.map(String.init) ?? "")
            out.field(Self.escaped(warning.file ?? ""))
            out.last(Self.escaped(warning.message))
        }
        for (path, input) in inputs.sorted(by: { $0.key < $1.key }) {
            out.field("input")
            out.field(input.digest)
            out.field(input.stamp.size)
            out.field(input.stamp.modified)
            out.last(Self.escaped(path))
        }
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            out.field("file")
            out.field(Self.escaped(entry.key))
            out.field(entry.stamp.size)
            out.field(entry.stamp.modified)
            out.last(Self.escaped(path))
        }
        return out.bytes
    }

    /// Reads `bytes`; nil when they are not a build record of this format, or are damaged. Splits on
    /// bytes: this reads a line per file at the start of every build.
    init?(bytes: [UInt8]) {
        var lines = bytes.split(separator: 0x0A)[...]
        guard let first = lines.popFirst(), first.elementsEqual(Self.header.utf8) else { return nil }
        var record = BuildRecord(
            generator: "", options: "", started: 0, linkTargets: "", inputs: [:], files: [:], pageCount: 0,
            assetCount: 0,
            aliasCount: 0, access: AccessCounts(), warnings: [])
        record.files.reserveCapacity(lines.count / 2)
        record.inputs.reserveCapacity(lines.count / 2)
        for line in lines {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map(Self.unescaped)
            switch (fields.first, fields.count) {
            case ("generator", 2): record.generator = fields[1]
            case ("options", 2): record.options = fields[1]
            case ("links", 2): record.linkTargets = fields[1]
            case ("started", 2):
                guard let started = Int(fields[1]) else { return nil }
                record.started = started
            case ("counts", 7):
                let counts = fields.dropFirst().compactMap { Int($0) }
                guard counts.count == 6 else { return nil }
                (record.pageCount, record.assetCount, record.aliasCount) = (counts[0], counts[1], counts[2])
                (record.access.signedIn, record.access.public, record.access.restricted) =
                    (counts[3], counts[4], counts[5])
            case ("warning", 5):
                guard let stage = Int(fields[1]).flatMap(BuildStage.init(rawValue:)) else { return nil }
                record.warnings.append(
                    BuildError(
                        stage: stage, file: fields[3].isEmpty ? nil : fields[3], line: Int(fields[2]),
                        message: fields[4]))
            case ("input", 5):
                guard let size = Int(fields[2]), let modified = Int(fields[3]) else { return nil }
                record.inputs[fields[4]] = InputRecord(
                    stamp: FileStamp(size: size, modified: modified), digest: fields[1])
            case ("file", 5):
                guard let size = Int(fields[2]), let modified = Int(fields[3]) else { return nil }
                record.files[fields[4]] = Entry(key: fields[1], stamp: FileStamp(size: size, modified: modified))
            default:
                return nil
            }
        }
        self = record
    }

    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\t": result += "\\t"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    private static func unescaped(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var result: [UInt8] = []
        var escaping = false
        for byte in field {
            if escaping {
                result.append(byte == UInt8(ascii: "t") ? 0x09 : byte == UInt8(ascii: "n") ? 0x0A : byte)
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

/// Lines of tab-separated fields, appended to one byte buffer.
private struct RecordLines {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func field(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x09)
    }

    mutating func field(_ number: Int) {
        append(number)
        bytes.append(0x09)
    }

    mutating func last(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        bytes.append(0x0A)
    }

    mutating func line(_ text: String) {
        last(text)
    }

    mutating func line(_ name: String, _ value: String) {
        field(name)
        last(value)
    }

    mutating func line(_ name: String, _ numbers: Int...) {
        bytes.append(contentsOf: name.utf8)
        for number in numbers {
            bytes.append(0x09)
            append(number)
        }
        bytes.append(0x0A)
    }

    /// A decimal number, without making a string of it.
    private mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.endIndex
        var magnitude = number.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }
}
