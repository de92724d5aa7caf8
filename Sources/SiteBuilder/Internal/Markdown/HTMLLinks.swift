/// What raw HTML inside Markdown says about links, read in one pass over its tags and attributes
/// (`HTMLTags`), not by a full HTML parser: the addresses it writes — `href`, SVG's `xlink:href`, `src`, `poster`,
/// each URL of a `srcset`, `<object data>` and each `url(…)` of a `style` — which the build resolves, rewrites and checks as it does Markdown links, and
/// whose files take their pages' rules; and the anchors it makes — any element's `id` or `name` (a browser
/// finds a fragment by an `<a>`'s `name` only, but a link to another element's is not failed for it) — which a
/// link's `#fragment` may name.
///
/// `<img src="img/arch.png" width="400">` in `guide/setup.md` yields `img/arch.png` on line 1; only the bytes
/// of an address are ever replaced (`replacing`), so the rest of the HTML stays as written.
enum HTMLLinks {
    /// An address as found: its bytes' place in the HTML, its text with character references decoded
    /// (`a.md?x=1&amp;y=2` reads `a.md?x=1&y=2`), and its 1-based line in the HTML.
    struct Found: Sendable, Equatable {
        let range: Range<Int>
        let destination: String
        let line: Int
    }

    /// What `read(_:)` found.
    struct Read {
        /// The addresses that name something of the site, in order.
        var addresses: [Found] = []
        /// The anchors' names, character references decoded, in order.
        var anchors: [String] = []
    }

    /// Reads `html`. Left out: comments, tags `tagfilter` writes as text (`<script>`, `<iframe>`, …), empty
    /// anchors, and addresses that are empty, only an anchor (`#x`), absolute (`https:`, `mailto:`, `data:`,
    /// `//host`) or template or SSI text (`{{ url }}`, `<!--#`), but for a Jekyll base URL in front of a site
    /// path (`{{ site.baseurl }}/img/logo.png`, `JekyllLinks`).
    static func read(_ html: String) -> Read {
        guard html.containsBytes("=") else { return Read() }
        let bytes = Array(html.utf8)
        var read = Read()
        var lines = LineCounter()
        HTMLTags.forEachAttribute(in: bytes) { tag, name, value in
            guard !filteredTags.contains(tag) else { return }
            if name == "id" || name == "name" {
                let anchor = bytes.withUnsafeBufferPointer { HTMLEntity.decodeAll($0[value]) }
                if !anchor.isEmpty { read.anchors.append(anchor) }
                return
            }
            for range in addresses(named: name, of: tag, in: value, bytes: bytes) {
                let destination = bytes.withUnsafeBufferPointer { HTMLEntity.decodeAll($0[range]) }
                guard isSiteAddress(destination) else { continue }
                let line = lines.line(at: range.lowerBound, in: bytes)
                read.addresses.append(Found(range: range, destination: destination, line: line))
            }
        }
        return read
    }

    /// `html` with the bytes at each range replaced by its URL, written as cmark writes a link's address,
    /// so a raw HTML link and a Markdown link to the same place come out alike.
    static func replacing(_ replacements: [(range: Range<Int>, url: String)], in html: String) -> String {
        let bytes = Array(html.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 16 * replacements.count)
        var copied = 0
        for (range, url) in replacements.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            result += bytes[copied..<range.lowerBound]
            appendEscaped(url, to: &result)
            copied = range.upperBound
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }

    /// The tags `tagfilter` escapes into text, whose attributes therefore name nothing.
    private static let filteredTags: Set<String> = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ]

    /// The address ranges an attribute holds: one for `href`, `xlink:href`, `src`, `poster`, `background` (which
    /// browsers still load on `<body>` and tables' cells) and `<object data>`,
    /// one per candidate of a `srcset` (`a.png 1x, b.png 2x`) and per `url(…)` of a `style`, none for any other
    /// attribute.
    private static func addresses(named name: String, of tag: String, in value: Range<Int>, bytes: [UInt8])
        -> [Range<Int>]
    {
        switch name {
        case "href", "xlink:href", "src", "poster", "background": return [trimmed(value, in: bytes)]
        case "data" where tag == "object": return [trimmed(value, in: bytes)]
        case "srcset": return candidates(in: value, bytes: bytes)
        case "style": return cssURLs(in: value, bytes: bytes)
        default: return []
        }
    }

    /// The URLs of CSS's `url(…)` functions in a `style` attribute (`background: url('a.png')`), without their
    /// quotes or the spaces around them; one with a backslash, a CSS escape this reader does not decode, is left
    /// out.
    private static func cssURLs(in value: Range<Int>, bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        let function = Array("url(".utf8)
        var index = value.lowerBound
        while index + function.count <= value.upperBound {
            guard zip(bytes[index..<index + function.count], function).allSatisfy({ $0 | 0x20 == $1 | 0x20 }),
                index == value.lowerBound || !isNameByte(bytes[index - 1])
            else {
                index += 1
                continue
            }
            var start = index + function.count
            while start < value.upperBound, HTMLTags.isSpace(bytes[start]) { start += 1 }
            let quote = cssQuotes.first { bytes.holds($0, at: start, before: value.upperBound) }
            start += quote?.count ?? 0
            var end = start
            while end < value.upperBound,
                quote.map({ !bytes.holds($0, at: end, before: value.upperBound) })
                    ?? (bytes[end] != UInt8(ascii: ")") && !HTMLTags.isSpace(bytes[end]))
            {
                end += 1
            }
            if end > start, !bytes[start..<end].contains(UInt8(ascii: "\\")) { ranges.append(start..<end) }
            index = end
        }
        return ranges
    }

    /// The quotes a URL of `url(…)` may stand in, as written in an attribute: themselves or as references.
    private static let cssQuotes = ["\"", "'", "&quot;", "&#34;", "&#x22;", "&apos;", "&#39;", "&#x27;"].map {
        Array($0.utf8)
    }

    /// A byte that continues a CSS name, so `myurl(` is not `url(`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte >= 0x80
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The URLs of a `srcset`, as the HTML standard splits it: a URL is a run without white space, commas
    /// at its end separate it from the next, and descriptors after it run up to a comma.
    private static func candidates(in value: Range<Int>, bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var index = value.lowerBound
        while index < value.upperBound {
            while index < value.upperBound, HTMLTags.isSpace(bytes[index]) || bytes[index] == UInt8(ascii: ",") {
                index += 1
            }
            let start = index
            while index < value.upperBound, !HTMLTags.isSpace(bytes[index]) { index += 1 }
            var end = index
            while end > start, bytes[end - 1] == UInt8(ascii: ",") { end -= 1 }
            if end > start { ranges.append(start..<end) }
            guard end == index else { continue }
            var depth = 0
            while index < value.upperBound, depth > 0 || bytes[index] != UInt8(ascii: ",") {
                if bytes[index] == UInt8(ascii: "(") { depth += 1 }
                if bytes[index] == UInt8(ascii: ")") { depth = max(0, depth - 1) }
                index += 1
            }
        }
        return ranges
    }

    private static func trimmed(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var (start, end) = (range.lowerBound, range.upperBound)
        while start < end, HTMLTags.isSpace(bytes[start]) { start += 1 }
        while end > start, HTMLTags.isSpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    private static func isSiteAddress(_ destination: String) -> Bool {
        guard let first = destination.utf8.first, first != UInt8(ascii: "#") else { return false }
        if LinkResolver.isExternal(destination) { return false }
        if JekyllLinks.withoutBaseURL(destination) != nil { return true }
        return !destination.containsBytes("<") && !JekyllLinks.holdsTemplate(destination)
            && !destination.containsBytes("${")
    }

    /// Escapes as cmark-gfm's `houdini_escape_href`: URL characters stay, `&` and `'` become references,
    /// anything else (spaces, quotes, `<`, non-ASCII) is percent-encoded, so the value is safe in any quoting.
    private static func appendEscaped(_ url: String, to result: inout [UInt8]) {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in url.utf8 {
            if byte == UInt8(ascii: "&") {
                result += "&amp;".utf8
            } else if byte == UInt8(ascii: "'") {
                result += "&#x27;".utf8
            } else if isURLSafe(byte) {
                result.append(byte)
            } else {
                result += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
    }

    private static func isURLSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%()*+,-./:;=?@_~".utf8.contains(byte)
        }
    }

    /// Lines of increasing offsets, counted once through the bytes.
    private struct LineCounter {
        private var offset = 0
        private var line = 1

        mutating func line(at target: Int, in bytes: [UInt8]) -> Int {
            while offset < target {
                if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
                offset += 1
            }
            return line
        }
    }
}

extension [UInt8] {
    /// Whether `pattern` stands at `index`, ending at or before `end`.
    fileprivate func holds(_ pattern: [UInt8], at index: Int, before end: Int) -> Bool {
        index + pattern.count <= end && self[index..<index + pattern.count].elementsEqual(pattern)
    }
}
