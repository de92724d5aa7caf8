import TextTools

/// What an attribute list holds between its braces, as MkDocs (attr_list), kramdown, Hugo and Pandoc write it:
/// an optional `:`, then parts apart by spaces, each an `#id`, a `.class`, or `key=value`, `key="value"` or
/// `key='value'`: `{: #install .note data-x="y" }`. Read from the bytes between the braces; a part that is none of
/// these, or a second `#id`, makes it no attribute list.
struct AttributeList: Equatable {
    struct Pair: Equatable {
        let key: String
        let value: String
    }

    private(set) var id: String?
    private(set) var classes: [String] = []
    private(set) var pairs: [Pair] = []

    init?(_ parts: ArraySlice<UInt8>) {
        var position = parts.startIndex
        if position < parts.endIndex, parts[position] == UInt8(ascii: ":") { position += 1 }
        while position < parts.endIndex {
            if Self.isSpace(parts[position]) {
                position += 1
                continue
            }
            let start = position
            let first = parts[start]
            if first == UInt8(ascii: "#") || first == UInt8(ascii: ".") {
                position = parts[start...].firstIndex(where: Self.isSpace) ?? parts.endIndex
                let name = parts[(start + 1)..<position]
                guard !name.isEmpty, name.allSatisfy(Self.isNameByte) else { return nil }
                if first == UInt8(ascii: "#") {
                    guard id == nil else { return nil }
                    id = String(decoding: name, as: UTF8.self)
                } else {
                    classes.append(String(decoding: name, as: UTF8.self))
                }
            } else {
                guard let (pair, end) = Self.pair(parts, from: start) else { return nil }
                pairs.append(pair)
                position = end
            }
            guard position == parts.endIndex || Self.isSpace(parts[position]) else { return nil }
        }
    }

    /// Whether it holds no part: `{}` or `{:}`.
    var isEmpty: Bool {
        id == nil && classes.isEmpty && pairs.isEmpty
    }

    /// The attributes as HTML writes them, each after a space: ` id="…" class="…" key="…"`; a `class=` pair's
    /// classes join the `.class` ones.
    var html: String {
        var written = id.map { " id=\"\($0)\"" } ?? ""
        let classValues = classes + pairs.filter { $0.key == "class" }.map(\.value)
        if !classValues.isEmpty { written += " class=\"\(classValues.joined(separator: " ").htmlEscaped)\"" }
        for pair in pairs where pair.key != "class" { written += " \(pair.key)=\"\(pair.value.htmlEscaped)\"" }
        return written
    }

    /// The `key=value`, `key="value"` or `key='value'` starting at `start`, and where it ends; nil when there is none.
    private static func pair(_ parts: ArraySlice<UInt8>, from start: Int) -> (Pair, Int)? {
        guard let equals = parts[start...].firstIndex(of: UInt8(ascii: "=")), equals > start,
            parts[start..<equals].allSatisfy(isKeyByte), equals + 1 < parts.endIndex
        else { return nil }
        let key = String(decoding: parts[start..<equals], as: UTF8.self)
        let quote = parts[equals + 1]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            let end = parts[(equals + 1)...].firstIndex(where: isSpace) ?? parts.endIndex
            guard parts[(equals + 1)..<end].allSatisfy(isNameByte) else { return nil }
            return (Pair(key: key, value: String(decoding: parts[(equals + 1)..<end], as: UTF8.self)), end)
        }
        guard let close = parts[(equals + 2)...].firstIndex(of: quote) else { return nil }
        return (Pair(key: key, value: String(decoding: parts[(equals + 2)..<close], as: UTF8.self)), close + 1)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// An id or class may hold anything but spaces, braces, quotes and what Markdown or HTML would read
    /// as markup (`\`, `&`, `<`, `` ` ``), so the block is plain text wherever it is written.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"), UInt8(ascii: "\""), UInt8(ascii: "'"),
            UInt8(ascii: "="), UInt8(ascii: "\\"), UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "`"), 0x7F:
            false
        default: true
        }
    }

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: ":"):
            true
        default: false
        }
    }
}
