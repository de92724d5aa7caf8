import Foundation
import TextTools

/// Wiki links, as Obsidian, Foam and MkDocs's roamlinks write them: `[[Install]]`, `[[guide/install|the
/// install page]]`, `[[Install#Proxy]]`. cmark reads no link there, so before parsing each is rewritten on its
/// line into a link of its own destination (`[the install page](<sitegen-wiki:guide/install>)`), which
/// `LinkResolver` resolves as Obsidian does: a page by its path, beside the page or from the top, with or
/// without `.md`, else the one page of that name anywhere; a name with spaces also finds the page GitHub's wiki
/// would, with hyphens for them (`Getting-Started.md`).
///
/// Rewritten outside fenced code and code spans. An embed (`![[diagram.png]]`) and a link whose text or target
/// holds a bracket or an angle bracket stay as written.
enum WikiLinks {
    /// What a rewritten destination starts with.
    static let scheme = "sitegen-wiki:"

    /// The target a destination rewritten from a wiki link names (`guide/install#proxy`); nil for any other.
    static func written(in destination: String) -> String? {
        guard destination.hasPrefix(scheme) else { return nil }
        return String(destination.dropFirst(scheme.count))
    }

    /// `markdown` with its wiki links rewritten; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("[[") else { return nil }
        var lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fence = CodeFence.Tracker()
        var changed = false
        for index in lines.indices {
            guard !fence.consume(lines[index]), let rewritten = rewriteLine(lines[index]) else { continue }
            lines[index] = rewritten
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// `line` with each wiki link outside code spans rewritten; nil when it has none.
    static func rewriteLine(_ line: String) -> String? {
        guard line.containsBytes("[[") else { return nil }
        return CodeSpan.rewritingOutside(line) { characters, position, _ in
            guard characters[position] == "[", position + 1 < characters.count, characters[position + 1] == "[",
                position == 0 || !"!\\[".contains(characters[position - 1]),
                let (link, length) = link(at: characters[(position + 2)...])
            else { return nil }
            return (link, 2 + length)
        }
    }

    /// The Markdown link for the wiki link whose inside starts `text`, and how many characters after `[[` it takes.
    private static func link(at text: ArraySlice<Character>) -> (String, Int)? {
        guard
            let close = text.indices.first(where: { text[$0] == "]" && $0 + 1 < text.endIndex && text[$0 + 1] == "]" })
        else { return nil }
        let inside = String(text[..<close])
        let parts = inside.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        // In a table, Obsidian escapes the bar, `[[Page\|text]]`, which would end the cell.
        var target = parts[0].trimmingCharacters(in: .whitespaces)
        if parts.count == 2, target.hasSuffix("\\") { target.removeLast() }
        let shown = parts.count == 2 ? parts[1].trimmingCharacters(in: .whitespaces) : label(of: target)
        guard !target.isEmpty, !shown.isEmpty,
            !inside.contains(where: { "[]<>".contains($0) || $0.isNewline || $0 == "`" })
        else { return nil }
        return ("[\(shown)](<\(scheme)\(target)>)", text.distance(from: text.startIndex, to: close) + 2)
    }

    /// What a wiki link without text shows, as Obsidian does: the page's name, and a heading after ` > `.
    private static func label(of target: String) -> String {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let page = parts[0].split(separator: "/").last.map(String.init) ?? ""
        let name =
            MarkdownFileName.isMarkdown(page) ? String(page[..<(page.lastIndex(of: ".") ?? page.endIndex)]) : page
        guard parts.count == 2 else { return name }
        return name.isEmpty ? String(parts[1]) : "\(name) > \(parts[1])"
    }

    /// `destination` as its author wrote it, for messages: a rewritten wiki link as `[[install#proxy]]`.
    static func asWritten(_ destination: String) -> String {
        written(in: destination).map { "[[\($0)]]" } ?? destination
    }
}
