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

    /// `ascii`: every key is ASCII, so `<` sorts them as their bytes, which it compares without copying them.
    private func json(sorting keys: [String], ascii: Bool) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let rulesJSON = try encoder.encode(rules)
        // Sorted by their UTF-8 bytes, as `JSONEncoder` sorts keys; a caller's order is most often sorted already.
        var keys = keys
        if ascii {
            if !keys.indices.dropFirst().allSatisfy({ keys[$0 - 1] < keys[$0] }) { keys.sort(by: <) }
        } else {
            keys.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        // A large manifest's paths are written on every core, a run of them each (none empty), and joined in order.
        let runs = keys.count < 4096 ? 1 : ProcessInfo.processInfo.activeProcessorCount
        let bounds = (0...runs).map { keys.count * $0 / runs }
        let parts = RunSlots(count: runs)
        DispatchQueue.concurrentPerform(iterations: runs) { [keys] run in
            let start = bounds[run]
            parts.store(pathsJSON(keys[start..<bounds[run + 1]], after: start > 0 ? keys[start - 1] : nil), at: run)
        }
        var out: [UInt8] = []
        out.reserveCapacity(paths.count * 48 + rulesJSON.count + 64)
        out.append(contentsOf: #"{"paths":{"#.utf8)
        for run in 0..<runs {
            // A path named twice sorts beside itself; with the counts equal, one the manifest lacks stands for one
            // missed: either way, the caller's order was not the manifest's paths.
            guard let part = parts.take(run) else { return try json() }
            if run > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: part)
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

    /// The entries of `keys`, sorted, comma-separated; nil when one is named twice (`previous` is the key before
    /// them) or is not in the manifest.
    private func pathsJSON(_ keys: ArraySlice<String>, after previous: String?) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(keys.count * 48)
        var previous = previous
        for key in keys {
            guard key != previous, let entry = paths[key] else { return nil }
            previous = key
            if out.count > 0 { out.append(UInt8(ascii: ",")) }
            JSONString.append(key, to: &out)
            out.append(contentsOf: Self.ruleField)
            DecimalBytes.append(entry.rule, to: &out)
            out.append(contentsOf: Self.sourceField)
            DecimalBytes.append(entry.source, to: &out)
            out.append(UInt8(ascii: "}"))
        }
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

/// The runs of a manifest's paths written on other threads, each stored by the one thread that wrote it.
private final class RunSlots: @unchecked Sendable {
    private var slots: [[UInt8]?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ bytes: [UInt8]?, at run: Int) {
        lock.withLock { slots[run] = bytes }
    }

    func take(_ run: Int) -> [UInt8]? {
        lock.withLock { slots[run] }
    }
}
