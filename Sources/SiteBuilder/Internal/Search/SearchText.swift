/// A page's rendered HTML as the text search shows: one section for the text before the first heading that
/// has an id, then one per such heading, with the heading's id and text, so a result can lead to the part of
/// the page its words are in. Tags are dropped, entities decoded, runs of white space made one space; what
/// `<script>`, `<style>` and `<template>` hold is left out.
struct SearchText: Sendable, Equatable {
    struct Section: Sendable, Equatable {
        /// The heading's id, `""` for the text before the first heading.
        let anchor: String
        let heading: String
        let text: String
    }

    let sections: [Section]

    private static let hiddenElements: Set<String> = ["script", "style", "template"]
    /// Elements that separate words, so their tags become a space rather than nothing.
    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "figcaption",
        "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "img", "li", "main", "nav", "ol",
        "p", "pre", "section", "summary", "table", "td", "th", "tr", "ul",
    ]

    init(html: String) {
        var sections: [Section] = []
        var anchor = ""
        var heading = ""
        var text = TextCollector()
        var headingText: TextCollector?
        var hidden: String?
        let bytes = Array(html.utf8)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tag = Tag(bytes, at: index) else {
                if hidden == nil {
                    let (piece, next) = Self.character(bytes, at: index)
                    if headingText != nil { headingText?.append(piece) } else { text.append(piece) }
                    index = next
                } else {
                    index += 1
                }
                continue
            }
            index = tag.end
            if let element = hidden {
                if tag.isClosing && tag.name == element { hidden = nil }
                continue
            }
            if !tag.isClosing && Self.hiddenElements.contains(tag.name) {
                hidden = tag.name
            } else if tag.isHeading, !tag.isClosing, let id = tag.id {
                sections.append(Section(anchor: anchor, heading: heading, text: text.text))
                anchor = id
                text = TextCollector()
                headingText = TextCollector()
            } else if tag.isHeading, tag.isClosing, let collected = headingText {
                heading = collected.text
                headingText = nil
            } else if Self.blockElements.contains(tag.name) {
                if headingText != nil { headingText?.append(" ") } else { text.append(" ") }
            }
        }
        if let collected = headingText { heading = collected.text }
        sections.append(Section(anchor: anchor, heading: heading, text: text.text))
        self.sections = sections.filter { !$0.anchor.isEmpty || !$0.text.isEmpty }
    }

    /// The character or entity at `index` as text, and where the next one starts.
    private static func character(_ bytes: [UInt8], at index: Int) -> (String, Int) {
        if bytes[index] == UInt8(ascii: "&"), let (decoded, next) = HTMLEntity.decode(bytes, at: index) {
            return (decoded, next)
        }
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return (String(decoding: bytes[index..<end], as: UTF8.self), end)
    }
}

/// Text with runs of white space made one space, and none at either end.
private struct TextCollector {
    private var scalars = String.UnicodeScalarView()
    private var pendingSpace = false

    mutating func append(_ piece: String) {
        for scalar in piece.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !scalars.isEmpty
            } else {
                if pendingSpace { scalars.append(" ") }
                pendingSpace = false
                scalars.append(scalar)
            }
        }
    }

    var text: String { String(scalars) }
}

/// An HTML tag: its lowercased name, whether it closes an element, its `id` and where it ends.
private struct Tag {
    let name: String
    let isClosing: Bool
    let id: String?
    let end: Int

    var isHeading: Bool {
        name.count == 2 && name.hasPrefix("h") && ("1"..."6").contains(name.suffix(1))
    }

    /// The tag starting at `start` (a `<`), or nil when `<` does not start a tag there (`a < b`). Comments
    /// and declarations are tags without a name.
    init?(_ bytes: [UInt8], at start: Int) {
        var index = start + 1
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "!") {
            let isComment = bytes[index...].starts(with: Array("!--".utf8))
            let terminator = Array((isComment ? "-->" : ">").utf8)
            var end = index
            while end < bytes.count, !bytes[end...].starts(with: terminator) { end += 1 }
            self.init(name: "", isClosing: false, id: nil, end: min(bytes.count, end + terminator.count))
            return
        }
        let isClosing = bytes[index] == UInt8(ascii: "/")
        if isClosing { index += 1 }
        let nameStart = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
        var id: String?
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            if let (attribute, value, next) = Self.attribute(bytes, at: index) {
                if attribute == "id" { id = value }
                index = next
            } else {
                index += 1
            }
        }
        self.init(name: name, isClosing: isClosing, id: id, end: min(bytes.count, index + 1))
    }

    private init(name: String, isClosing: Bool, id: String?, end: Int) {
        self.name = name
        self.isClosing = isClosing
        self.id = id
        self.end = end
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `name="value"`, `name='value'`, `name=value` or a bare `name` at `index`, with where it ends.
    private static func attribute(_ bytes: [UInt8], at start: Int) -> (String, String, Int)? {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ">"),
            !Self.isSpace(bytes[index])
        {
            index += 1
        }
        guard index > start else { return nil }
        let name = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return (name, "", index) }
        index += 1
        guard index < bytes.count else { return (name, "", index) }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let valueStart = index + 1
            var end = valueStart
            while end < bytes.count, bytes[end] != quote { end += 1 }
            return (name, HTMLEntity.decodeAll(bytes[valueStart..<min(end, bytes.count)]), min(bytes.count, end + 1))
        }
        let valueStart = index
        while index < bytes.count, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return (name, HTMLEntity.decodeAll(bytes[valueStart..<index]), index)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
