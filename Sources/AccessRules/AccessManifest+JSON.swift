import Foundation
import TextTools

extension AccessManifest {
    /// The manifest as JSON, byte for byte as `JSONEncoder` writes it with sorted keys and unescaped slashes,
    /// but written directly: a build publishes a path for every page and file, and `JSONEncoder` took about
    /// 2 µs a path for them, most of a one-page rebuild's time in "Write extras" on a site of 20,000 pages.
    /// The few rules still go through `JSONEncoder`.
    public func json() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let rulesJSON = try encoder.encode(rules)
        var out: [UInt8] = []
        out.reserveCapacity(paths.count * 48 + rulesJSON.count + 64)
        out.append(contentsOf: #"{"paths":{"#.utf8)
        // Sorted by their UTF-8 bytes, as `JSONEncoder` sorts keys; for ASCII paths, as nearly all are, that is the
        // order of `<`, which compares them as bytes without copying them.
        let sorted =
            paths.keys.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
            ? paths.sorted { $0.key < $1.key }
            : paths.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        for (number, path) in sorted.enumerated() {
            if number > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(path.key, to: &out)
            out.append(contentsOf: Self.ruleField)
            DecimalBytes.append(path.value.rule, to: &out)
            out.append(contentsOf: Self.sourceField)
            DecimalBytes.append(path.value.source, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: #"},"rules":"#.utf8)
        out.append(contentsOf: rulesJSON)
        out.append(contentsOf: #","sources":["#.utf8)
        for (number, source) in sources.enumerated() {
            if number > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(source, to: &out)
        }
        out.append(contentsOf: #"],"version":\#(version)}"#.utf8)
        return out
    }

    private static let ruleField = Array(#":{"rule":"#.utf8)
    private static let sourceField = Array(#","source":"#.utf8)
}
