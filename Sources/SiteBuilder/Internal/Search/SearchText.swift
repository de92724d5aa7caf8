/// A page's rendered HTML as the text search shows: one section for the text before the first heading that
/// has an id, then one per such heading, with the heading's id and text, so a result can lead to the part of
/// the page its words are in. Tags are dropped, entities decoded, runs of white space made one space; what
/// `<script>`, `<style>` and `<template>` hold is left out, and so is a `<nav>`'s, such as the table of contents a
/// `[TOC]` marker writes, whose words are the page's headings, not its text.
struct SearchText: Sendable, Equatable {
    struct Section: Sendable, Equatable {
        /// The heading's id, `""` for the text before the first heading.
        let anchor: String
        let heading: String
        let text: String
    }

    let sections: [Section]

    private static let hiddenElements = ["script", "style", "template", "nav"].map { Tag.code($0.utf8) }
    /// Elements that separate words, so their tags become a space rather than nothing.
    private static let blockElements = [
        "address", "article", "aside", "blockquote", "br", "dd", "details", "div", "dl", "dt", "figcaption",
        "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "img", "li", "main", "nav", "ol",
        "p", "pre", "section", "summary", "table", "td", "th", "tr", "ul",
    ].map { Tag.code($0.utf8) }

    init(sections: [Section]) {
        self.sections = sections
    }

    init(html: String) {
        var html = html
        self.sections = html.withUTF8 { Self.sections(of: $0) }
    }

    private static func sections(of bytes: UnsafeBufferPointer<UInt8>) -> [Section] {
        var sections: [Section] = []
        var anchor = ""
        var heading = ""
        var text = TextCollector()
        var headingText: TextCollector?
        var hidden: UInt64?
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<"), let tag = Tag(bytes, at: index) else {
                if hidden != nil {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "&"), let (decoded, next) = HTMLEntity.decode(bytes, at: index) {
                    if headingText != nil { headingText?.append(decoded) } else { text.append(decoded) }
                    index = next
                } else {
                    var end = index + 1
                    while end < bytes.count, bytes[end] != UInt8(ascii: "<"), bytes[end] != UInt8(ascii: "&") {
                        end += 1
                    }
                    let run = UnsafeBufferPointer(rebasing: bytes[index..<end])
                    if headingText != nil { headingText?.append(run) } else { text.append(run) }
                    index = end
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
                if headingText != nil { headingText?.append(0x20) } else { text.append(0x20) }
            }
        }
        if let collected = headingText { heading = collected.text }
        sections.append(Section(anchor: anchor, heading: heading, text: text.text))
        return sections.filter { !$0.anchor.isEmpty || !$0.text.isEmpty }
    }
}

/// Text with runs of white space made one space, and none at either end, collected as UTF-8.
private struct TextCollector {
    private var bytes: [UInt8] = []
    private var pendingSpace = false
    /// The bytes of a multi-byte character not yet complete (the HTML is valid UTF-8: it was a `String`),
    /// held until it is known whether it is a space.
    private var partial: [UInt8] = []

    mutating func append(_ byte: UInt8) {
        if byte < 0x80 {
            if byte == 0x20 || (0x09...0x0D).contains(byte) {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
            return
        }
        partial.append(byte)
        guard partial.count >= SearchWords.scalarLength(startingWith: partial[0]) else { return }
        if SearchWords.scalar(partial)?.properties.isWhitespace == true {
            pendingSpace = !bytes.isEmpty
        } else {
            if pendingSpace { bytes.append(0x20) }
            pendingSpace = false
            bytes += partial
        }
        partial.removeAll(keepingCapacity: true)
    }

    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        for byte in run {
            if byte > 0x20 && byte < 0x80 && !pendingSpace {
                bytes.append(byte)
            } else {
                append(byte)
            }
        }
    }

    mutating func append(_ text: String) {
        for byte in text.utf8 { append(byte) }
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// A tag as search reads it (`HTMLTags`): its name as a `code`, whether it closes an element, its `id`, and
/// where it ends. Comments and declarations are tags without a name.
private struct Tag {
    let name: UInt64
    let isClosing: Bool
    let id: String?
    let end: Int

    private static let headings = (1...6).map { code("h\($0)".utf8) }

    var isHeading: Bool {
        Self.headings.contains(name)
    }

    /// The first eight bytes of a tag name, lowercased, in one number: cheaper to compare than a string, and
    /// no element this type looks for shares its first eight letters with another.
    static func code(_ name: some Sequence<UInt8>) -> UInt64 {
        var code: UInt64 = 0
        for (index, byte) in name.enumerated() where index < 8 {
            code |= UInt64(byte | 0x20) << (8 * UInt64(index))
        }
        return code
    }

    /// The tag starting at `start` (a `<`), or nil when `<` does not start a tag there (`a < b`). Of two `id`s the
    /// first counts, as in a browser.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        var id: String?
        let tag = HTMLTags.tag(in: bytes, at: start) { _, name, value in
            if name.count == 2, bytes[name.lowerBound] | 0x20 == UInt8(ascii: "i"),
                bytes[name.lowerBound + 1] | 0x20 == UInt8(ascii: "d")
            {
                id = id ?? HTMLEntity.decodeAll(bytes[value])
            }
        }
        guard let tag else { return nil }
        name = tag.kind == .other ? 0 : Self.code(bytes[tag.name])
        isClosing = tag.kind == .end
        self.id = id
        end = tag.end
    }
}
