/// The attribute block MkDocs (attr_list), Hugo, kramdown and Pandoc let a heading end with:
/// `## Install the server {#install}`, `{: #install }`, `{#install .note data-x="y"}`. The heading takes
/// the id; classes and `key=value` parts are allowed and left out. Braces without exactly one `#id`
/// (`{x}`, `{.note}`, `{#}`), or not after a space, are the heading's text.
struct HeadingAttributes: Equatable {
    /// The id written after `#`.
    let id: String
    /// The block's length in bytes, from its `{` to its `}`.
    let length: Int

    /// The block `text` ends with; nil when it ends with none.
    init?(endOf text: [UInt8]) {
        guard text.last == UInt8(ascii: "}"), let open = text.lastIndex(of: UInt8(ascii: "{")), open > 0,
            Self.isSpace(text[open - 1]), let id = Self.id(in: text[(open + 1)..<(text.count - 1)])
        else { return nil }
        self.id = id
        length = text.count - open
    }

    /// The id of the parts between the braces, when they are an optional `:` and parts of which exactly one is `#id`.
    private static func id(in parts: ArraySlice<UInt8>) -> String? {
        var position = parts.startIndex
        if position < parts.endIndex, parts[position] == UInt8(ascii: ":") { position += 1 }
        var id: String?
        while position < parts.endIndex {
            if isSpace(parts[position]) {
                position += 1
                continue
            }
            let start = position
            let first = parts[start]
            if first == UInt8(ascii: "#") || first == UInt8(ascii: ".") {
                position = parts[start...].firstIndex(where: isSpace) ?? parts.endIndex
                let name = parts[(start + 1)..<position]
                guard !name.isEmpty, name.allSatisfy(isNameByte) else { return nil }
                if first == UInt8(ascii: "#") {
                    guard id == nil else { return nil }
                    id = String(decoding: name, as: UTF8.self)
                }
            } else {
                guard let end = keyValueEnd(parts, from: start) else { return nil }
                position = end
            }
            guard position == parts.endIndex || isSpace(parts[position]) else { return nil }
        }
        return id
    }

    /// Where the `key=value`, `key="value"` or `key='value'` starting at `start` ends; nil when there is none.
    private static func keyValueEnd(_ parts: ArraySlice<UInt8>, from start: Int) -> Int? {
        guard let equals = parts[start...].firstIndex(of: UInt8(ascii: "=")), equals > start,
            parts[start..<equals].allSatisfy(isKeyByte), equals + 1 < parts.endIndex
        else { return nil }
        let quote = parts[equals + 1]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            let end = parts[(equals + 1)...].firstIndex(where: isSpace) ?? parts.endIndex
            return parts[(equals + 1)..<end].allSatisfy(isNameByte) ? end : nil
        }
        return parts[(equals + 2)...].firstIndex(of: quote).map { $0 + 1 }
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
