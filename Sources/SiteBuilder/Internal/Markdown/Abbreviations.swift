import CMarkGFM
import Foundation
import TextTools

/// Abbreviations, as MkDocs's `abbr`, kramdown (Jekyll) and PHP Markdown Extra write them: a line
/// `*[HTML]: Hyper Text Markup Language` anywhere in the page defines one, and every whole-word `HTML` in the
/// page's text becomes `<abbr title="Hyper Text Markup Language">HTML</abbr>`, which a browser shows on hover.
///
/// The definitions are taken out before parsing, each line left blank so that line numbers stay the file's
/// (not in code: fenced code by `CodeFence`, indented by `IndentedCode`); the words are marked after, in text
/// nodes alone, so code, addresses (an autolink's text too) and raw HTML stay as written. Headings are marked as
/// well; their ids and the table of contents are made from their text.
struct Abbreviations {
    /// Each abbreviation and its meaning, longest first, so that `HTML5` is marked before `HTML`.
    let definitions: [(abbreviation: String, title: String)]

    /// `markdown` without its definition lines, and the abbreviations they define; nil when it defines none.
    static func extract(_ markdown: String) -> (markdown: String, abbreviations: Abbreviations)? {
        guard markdown.containsBytes("*[") else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var found: [String: String] = [:]
        for index in lines.indices {
            guard !code.isCode(lines[index]), let (abbreviation, title) = definition(in: lines[index])
            else { continue }
            found[abbreviation] = title
            lines[index] = ""
        }
        guard !found.isEmpty else { return nil }
        let sorted = found.sorted { ($0.key.count, $0.key) > ($1.key.count, $1.key) }
        return (lines.joined(separator: "\n"), Abbreviations(definitions: sorted.map { ($0.key, $0.value) }))
    }

    /// `*[name]: meaning`, indented by three spaces at most; a later definition of a name replaces an earlier one.
    /// A line holding a carriage return but at its end is none: cmark ends a line at a lone one.
    private static func definition(in line: String) -> (String, String)? {
        let trimmed = line.drop { $0 == " " }
        guard !trimmed.unicodeScalars.dropLast().contains("\r") else { return nil }
        guard line.count - trimmed.count <= 3, trimmed.hasPrefix("*["), let close = trimmed.firstIndex(of: "]"),
            trimmed[close...].hasPrefix("]:")
        else { return nil }
        let name = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<close]
        // A NUL would end the C string of the raw HTML written; cmark reads one as U+FFFD.
        let meaning = trimmed[close...].dropFirst(2).trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "\0", with: "\u{FFFD}")
        guard !name.isEmpty, !name.contains("["), !meaning.isEmpty else { return nil }
        return (String(name).replacingOccurrences(of: "\0", with: "\u{FFFD}"), meaning)
    }

    /// Marks the abbreviations in every text node below `root`.
    func mark(in root: OpaquePointer) {
        var texts: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_TEXT, !CMark.isAddress(node) { texts.append(node) }
        }
        for node in texts {
            let text = CMark.literal(of: node)
            let found = matches(in: text)
            guard !found.isEmpty else { continue }
            var start = text.startIndex
            for (range, title) in found {
                CMark.insert(CMARK_NODE_TEXT, text[start..<range.lowerBound], before: node)
                let word = String(text[range]).htmlEscaped(apostrophe: false)
                CMark.insert(
                    CMARK_NODE_HTML_INLINE, "<abbr title=\"\(title.htmlEscaped)\">\(word)</abbr>", before: node)
                start = range.upperBound
            }
            CMark.insert(CMARK_NODE_TEXT, text[start...], before: node)
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }

    /// Where each abbreviation stands as a whole word in `text`, in order and without overlaps.
    private func matches(in text: String) -> [(Range<String.Index>, String)] {
        var found: [(Range<String.Index>, String)] = []
        for (abbreviation, title) in definitions {
            for range in text.ranges(of: abbreviation)
            where Self.isWordEdge(text, before: range.lowerBound) && Self.isWordEdge(text, after: range.upperBound)
                && !found.contains(where: { $0.0.overlaps(range) })
            {
                found.append((range, title))
            }
        }
        return found.sorted { $0.0.lowerBound < $1.0.lowerBound }
    }

    private static func isWordEdge(_ text: String, before index: String.Index) -> Bool {
        index == text.startIndex || !isWordCharacter(text[text.index(before: index)])
    }

    private static func isWordEdge(_ text: String, after index: String.Index) -> Bool {
        index == text.endIndex || !isWordCharacter(text[index])
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
