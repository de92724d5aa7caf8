import Foundation

/// A book's table of contents, as mdBook and GitBook keep it in `SUMMARY.md` at the top of their source. Its
/// links give the pages they name the book's order (`NavigationTree`), and their texts the pages' names in the
/// navigation (`PageTitle`); the file itself is no page, as neither tool publishes it.
///
/// ```markdown
/// # Summary
///
/// [Introduction](README.md)
///
/// - [Installation](guide/installation.md)
///     - [On Debian](guide/debian.md)
/// ```
struct BookSummary: Sendable, Equatable {
    static let fileName = "SUMMARY.md"

    typealias Entry = NavigationOutline.Entry

    /// The pages linked to, in the summary's order; each path once, where it is first linked to.
    let entries: [Entry]

    /// Reads `text`; nil when it is a page of its own rather than a table of contents, which holds nothing but
    /// headings, `---` separators, blank lines, HTML comments and lines that are a link alone, in a list item or
    /// not (`- [Setup](setup.md)`), and at least one such line. A chapter not written yet (`- [Later]()`) and a
    /// link out of the site are passed by.
    init?(text: String) {
        var entries: [Entry] = []
        var seen: Set<String> = []
        var links = 0
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (number, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("<!--") || Self.isRule(trimmed) {
                continue
            }
            guard let link = Self.link(in: trimmed) else { return nil }
            links += 1
            if let path = Self.sitePath(of: link.destination), seen.insert(path).inserted {
                entries.append(Entry(path: path, line: number + 1, title: CMark.plainText(ofInline: link.text)))
            }
        }
        guard links > 0 else { return nil }
        self.entries = entries
    }

    /// `---`, `***` or `___`, which mdBook reads as a separator.
    private static func isRule(_ line: String) -> Bool {
        let marks = line.filter { $0 != " " }
        return marks.count >= 3 && ["-", "*", "_"].contains { mark in marks.allSatisfy { $0 == mark } }
    }

    /// The text and destination of `line` when it is a link alone, in a list item or not (`- [Title](path.md)` →
    /// `Title` and `path.md`); nil for any other line, such as text with a link in it.
    private static func link(in line: String) -> (text: Substring, destination: Substring)? {
        var link = Substring(line)
        if let marker = link.first, "-*+".contains(marker), link.dropFirst().first == " " {
            link = link.dropFirst(2).drop { $0 == " " }
        }
        guard link.first == "[", link.last == ")", let open = link.range(of: "](", options: .backwards) else {
            return nil
        }
        return (
            link[link.index(after: link.startIndex)..<open.lowerBound],
            link[open.upperBound..<link.index(before: link.endIndex)]
        )
    }

    /// The site path of a link's destination: without `<…>`, its `#heading` and percent escapes, from the top of
    /// the site; nil for a chapter not written yet, a link out of the site, or a file that is no page.
    private static func sitePath(of destination: Substring) -> String? {
        var written = destination.trimmingCharacters(in: .whitespaces)
        if written.hasPrefix("<"), written.hasSuffix(">") { written = String(written.dropFirst().dropLast()) }
        written = String(written.prefix { $0 != "#" })
        let decoded = written.removingPercentEncoding ?? written
        guard !decoded.isEmpty, !decoded.contains("://"), let path = SitePath.resolve(decoded, from: ""),
            MarkdownFileName.isMarkdown(SitePath.lastComponent(of: path))
        else { return nil }
        return path
    }
}
