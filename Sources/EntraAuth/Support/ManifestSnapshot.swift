import AccessRules
import Foundation

/// The access manifest's rules and paths as one line per path, kept in `cache_dir` for processes that answer one
/// request (CGI): decoding the JSON manifest of a 1,000-page site with `JSONDecoder` is most of a CGI check, reading
/// these lines a tenth of it. The first process after a publish decodes the manifest and writes the snapshot; the
/// others read the snapshot while its first line names the manifest file they see (inode, modification time, size).
///
/// ```text
/// sitegen-auth manifest snapshot 1 <inode> <modified> <size>
/// [the rules as JSON]
/// 0	/
/// 1	/finance/
/// ```
///
/// A snapshot that does not read back completely is ignored; paths holding a tab or a line break are never written
/// (such a site decodes its manifest every time). `cache_dir` is sitegen-auth's own, as for the provider's keys.
public struct ManifestSnapshot: Sendable {
    /// The file in `cache_dir`.
    public let file: String

    /// Snapshots kept in `directory`.
    public init(directory: String) {
        file = directory + "/manifest-snapshot.tsv"
    }

    /// The manifest whose file is identified by `stamp`, when the snapshot is of that file. Read as bytes: it runs
    /// for every CGI check, where `Data` slices and `String` searches would cost as much as the JSON it replaces.
    func load(stamp: String) -> AccessManifest? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return data.withUnsafeBytes { bytes -> AccessManifest? in
            var lines: [UnsafeRawBufferPointer] = []
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                lines.append(UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
            }
            // Every line ends with a line break: anything after the last one is a snapshot cut short.
            guard start == bytes.count, lines.count >= 2,
                String(decoding: lines[0], as: UTF8.self) == Self.header(stamp),
                let rules = try? JSONDecoder().decode([AccessRule].self, from: Data(lines[1]))
            else { return nil }
            var paths: [String: AccessManifest.Entry] = [:]
            paths.reserveCapacity(lines.count)
            for line in lines.dropFirst(2) {
                guard let tab = line.firstIndex(of: UInt8(ascii: "\t")), let rule = Self.number(line[..<tab]) else {
                    return nil
                }
                paths[String(decoding: line[(tab + 1)...], as: UTF8.self)] = AccessManifest.Entry(rule: rule, source: 0)
            }
            return AccessManifest(rules: rules, sources: ["(snapshot)"], paths: paths)
        }
    }

    /// The decimal number `digits` spell, nil for anything else.
    private static func number(_ digits: Slice<UnsafeRawBufferPointer>) -> Int? {
        guard !digits.isEmpty, digits.count < 10 else { return nil }
        var value = 0
        for digit in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// Writes `manifest` for the file identified by `stamp`, atomically; quietly not when it cannot.
    func save(_ manifest: AccessManifest, stamp: String) {
        guard !manifest.paths.keys.contains(where: { $0.contains("\t") || $0.contains("\n") || $0.contains("\r") }),
            let rules = try? JSONEncoder().encode(manifest.rules)
        else { return }
        var text = Self.header(stamp) + "\n" + String(decoding: rules, as: UTF8.self) + "\n"
        for (path, entry) in manifest.paths { text += "\(entry.rule)\t\(path)\n" }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    }

    private static func header(_ stamp: String) -> String { "sitegen-auth manifest snapshot 1 " + stamp }
}
