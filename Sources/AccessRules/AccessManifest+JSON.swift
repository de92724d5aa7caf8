import Foundation
import TextTools

extension AccessManifest {
    /// The manifest as JSON, byte for byte as `JSONEncoder` writes it with sorted keys and unescaped slashes,
    /// but written directly: a build publishes a path for every page and file, and `JSONEncoder` took about
    /// 2 µs a path for them, most of a one-page rebuild's time in "Write extras" on a site of 20,000 pages.
    /// The few rules still go through `JSONEncoder`.
    public func json() throws -> [UInt8] {
        let keys = Array(paths.keys)
        return try json(sorting: keys, ascii: keys.allSatisfy(Self.isASCII))
    }

    /// `json()`, with the paths sorted starting from `order`, the manifest's paths in the order the caller holds
    /// them: a list already (nearly) sorted is sorted in about one pass, where the dictionary's order takes a full
    /// sort, most of the time writing a large site's manifest took. `order` decides nothing else: when it names a
    /// path the manifest lacks, names one twice or misses one, the manifest's own paths are sorted instead, and so
    /// they are when one is more than ASCII, which the manifest may spell in other code points that compare equal.
    public func json(sortingFrom order: [String]) throws -> [UInt8] {
        guard order.count == paths.count, order.allSatisfy(Self.isASCII) else { return try json() }
        return try json(sorting: order, ascii: true)
    }

    /// `ascii`: every key is ASCII, so `<` sorts them as their bytes.
    private func json(sorting keys: [String], ascii: Bool) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let rulesJSON = try encoder.encode(rules)
        var out: [UInt8] = []
        out.reserveCapacity(paths.count * 48 + rulesJSON.count + 64)
        out.append(contentsOf: #"{"paths":{"#.utf8)
        // Sorted by their UTF-8 bytes, as `JSONEncoder` sorts keys; for ASCII paths, as nearly all are, that is the
        // order of `<`, which compares them as bytes without copying them.
        var keys = keys
        if ascii {
            keys.sort(by: <)
        } else {
            keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        var previous: String?
        for (number, key) in keys.enumerated() {
            // A path named twice sorts beside itself; with the counts equal, one the manifest lacks stands for one
            // missed: either way, the caller's order was not the manifest's paths.
            guard key != previous, let entry = paths[key] else { return try json() }
            previous = key
            if number > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(key, to: &out)
            out.append(contentsOf: Self.ruleField)
            DecimalBytes.append(entry.rule, to: &out)
            out.append(contentsOf: Self.sourceField)
            DecimalBytes.append(entry.source, to: &out)
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

    /// Whether `text` is ASCII, read as bytes in place.
    private static func isASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }

    private static let ruleField = Array(#":{"rule":"#.utf8)
    private static let sourceField = Array(#","source":"#.utf8)
}
