import CMarkGFM

/// Emoji written by name, as GitHub and MkDocs Material read them: `:tada:` is 🎉, `:+1:` 👍, `:white_check_mark:` ✅.
/// The names are GitHub's (see `byName`). Read after parsing, in text, so code, addresses and raw HTML stay as
/// written, and so does a name no emoji has (`:notaname:`, the `:30:` of `12:30:45`).
enum Emoji {
    /// Whether `markdown` names an emoji, in text or code; else the pass has nothing to do.
    static func mayHold(_ markdown: String) -> Bool {
        var found = false
        forEachName(in: markdown.utf8) { _, _ in
            found = true
            return false
        }
        return found
    }

    /// Writes each emoji named in the text below `root` as the emoji. The text nodes are consolidated ones.
    static func apply(in root: OpaquePointer) {
        var nodes: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_TEXT, !CMark.isAddress(node) { nodes.append(node) }
        }
        for node in nodes {
            if let written = replacingNames(in: CMark.literal(of: node)) { cmark_node_set_literal(node, written) }
        }
    }

    /// `text` with each emoji it names written as the emoji; nil when it names none.
    static func replacingNames(in text: String) -> String? {
        // Bytes, not characters: a colon may fall inside a character (after a prepended mark), which a String
        // would round down to.
        let text = text.utf8
        var written: [UInt8] = []
        var plain = text.startIndex
        forEachName(in: text) { name, emoji in
            written += text[plain..<name.lowerBound]
            written += emoji.utf8
            plain = name.upperBound
            return true
        }
        guard plain != text.startIndex else { return nil }
        written += text[plain...]
        return String(decoding: written, as: UTF8.self)
    }

    /// The emoji of each name, from `EmojiNames.txt`, a line each (`tada 🎉`), written by `scripts/emoji-names.py`
    /// and compiled into the module.
    private static let byName: [Substring: String] = {
        var names: [Substring: String] = [:]
        for line in String(decoding: PackageResources.EmojiNames_txt, as: UTF8.self).split(separator: "\n") {
            guard let space = line.firstIndex(of: " ") else { continue }
            names[line[..<space]] = String(line[line.index(after: space)...])
        }
        return names
    }()

    /// Calls `body` with the range of each `:name:` in `text` that names an emoji, colons included, and the emoji,
    /// from the start, until it returns false. A colon that ends a name no emoji has may start the next one.
    private static func forEachName(
        in text: String.UTF8View, _ body: (Range<String.Index>, String) -> Bool
    ) {
        var position = text.startIndex
        while let colon = text[position...].firstIndex(of: UInt8(ascii: ":")) {
            let nameStart = text.index(after: colon)
            let nameEnd = text[nameStart...].firstIndex { !isNameByte($0) } ?? text.endIndex
            guard nameEnd < text.endIndex, text[nameEnd] == UInt8(ascii: ":"), nameStart < nameEnd,
                let emoji = byName[Substring(text[nameStart..<nameEnd])]
            else {
                position = nameEnd == nameStart ? nameStart : nameEnd
                continue
            }
            guard body(colon..<text.index(after: nameEnd), emoji) else { return }
            position = text.index(after: nameEnd)
        }
    }

    /// Whether `byte` may be part of an emoji's name: lowercase letters, digits, `_`, `+` and `-`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
