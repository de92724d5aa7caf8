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
        // Sorted by their UTF-8 bytes, as `JSONEncoder` sorts keys.
        let sorted = paths.map { (key: Array($0.key.utf8), entry: $0.value) }.sorted {
            $0.key.lexicographicallyPrecedes($1.key)
        }
        for (number, path) in sorted.enumerated() {
            if number > 0 { out.append(UInt8(ascii: ",")) }
            path.key.withUnsafeBufferPointer { JSONString.append($0, to: &out) }
            out.append(contentsOf: #":{"rule":\#(path.entry.rule),"source":\#(path.entry.source)}"#.utf8)
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
}
