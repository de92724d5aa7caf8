/// The build cache's file format: one record per line, fields separated by tabs, tabs, line breaks
/// and backslashes in text escaped. Plain text rather than JSON: it is read at the start of every
/// build and holds a line per output file, and this reads ten thousand lines in milliseconds.
///
/// ```
/// sitegen-build-cache 1
/// generator	sitegen 0.1.0
/// inputs	3f2a…
/// counts	812	37	4	790	2	20
/// warning	5	12	site/guide/setup.md	'x.md' names no page; …
/// file	9c1e…	24310	1763772000123456789	guide/setup/index.html
/// ```
extension OutputManifest {
    private static let header = "sitegen-build-cache 1"

    var text: String {
        var lines = [Self.header, "generator\t" + Self.escaped(generator), "inputs\t" + inputs]
        let counts = [pageCount, assetCount, aliasCount, access.signedIn, access.public, access.restricted]
        lines.append("counts\t" + counts.map(String.init).joined(separator: "\t"))
        for warning in warnings {
            let line = warning.line.map(String.init) ?? ""
            let file = Self.escaped(warning.file ?? "")
            lines.append("warning\t\(warning.stage.rawValue)\t\(line)\t\(file)\t\(Self.escaped(warning.message))")
        }
        for (path, entry) in files.sorted(by: { $0.key < $1.key }) {
            let stamp = entry.stamp
            lines.append("file\t\(Self.escaped(entry.key))\t\(stamp.size)\t\(stamp.modified)\t\(Self.escaped(path))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads `bytes`; nil when they are not a build cache of this format, or are damaged. Splits on
    /// bytes: this reads a line per output file at the start of every build.
    init?(bytes: [UInt8]) {
        var lines = bytes.split(separator: 0x0A)[...]
        guard let first = lines.popFirst(), first.elementsEqual(Self.header.utf8) else { return nil }
        var manifest = OutputManifest(
            generator: "", inputs: "", files: [:], pageCount: 0, assetCount: 0, aliasCount: 0,
            access: AccessCounts(), warnings: [])
        manifest.files.reserveCapacity(lines.count)
        for line in lines {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map(Self.unescaped)
            switch (fields.first, fields.count) {
            case ("generator", 2): manifest.generator = fields[1]
            case ("inputs", 2): manifest.inputs = fields[1]
            case ("counts", 7):
                let counts = fields.dropFirst().compactMap { Int($0) }
                guard counts.count == 6 else { return nil }
                (manifest.pageCount, manifest.assetCount, manifest.aliasCount) = (counts[0], counts[1], counts[2])
                (manifest.access.signedIn, manifest.access.public, manifest.access.restricted) =
                    (counts[3], counts[4], counts[5])
            case ("warning", 5):
                guard let stage = Int(fields[1]).flatMap(BuildStage.init(rawValue:)) else { return nil }
                manifest.warnings.append(
                    BuildError(
                        stage: stage, file: fields[3].isEmpty ? nil : fields[3], line: Int(fields[2]),
                        message: fields[4]))
            case ("file", 5):
                guard let size = Int(fields[2]), let modified = Int(fields[3]) else { return nil }
                manifest.files[fields[4]] = Entry(key: fields[1], stamp: .init(size: size, modified: modified))
            default:
                return nil
            }
        }
        self = manifest
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
