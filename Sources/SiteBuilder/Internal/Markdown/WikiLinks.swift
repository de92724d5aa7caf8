import Foundation
import TextTools

/// Wiki links, as Obsidian, Foam and MkDocs's roamlinks write them: `[[Install]]`, `[[guide/install|the
/// install page]]`, `[[Install#Proxy]]`. cmark reads no link there, so before parsing each is rewritten on its
/// line into a link of its own destination (`[the install page](<sitegen-wiki:guide/install>)`), which
/// `LinkResolver` resolves as Obsidian does: a page by its path, beside the page or from the top, with or
/// without `.md`, else the one page of that name anywhere; a name with spaces also finds the page GitHub's wiki
/// would, with hyphens for them (`Getting-Started.md`).
///
/// An embed of an image, `![[flow.png]]`, `![[flow.png|480]]` (a width), `![[flow.png|480x300]]` or
/// `![[flow.png|The flow|480]]` (alt text), is rewritten into an image of that destination, its size as an attribute
/// list (`InlineAttributes`); the image is found as a page is, and by its file name anywhere. An embed of anything
/// else, a page (`![[Setup]]`), a PDF or a video, is a link to it: sitegen copies no page's text into another.
///
/// Rewritten outside fenced and indented code and code spans. A link whose text or target holds a bracket or an
/// angle bracket stays as written, and so does one after a backslash (`\[[x]]`, `\![[x]]`), GitLab's table of
/// contents marker, `[[_TOC_]]` (see `ContentsMarker`), one whose inside starts or ends with a space (a shell's
/// `[[ -f file ]]` in prose), and one followed by `(` or `[`: a Markdown link whose text is in brackets, as
/// citations are written (`[[1]](https://arxiv.org/…)`), which GitHub shows as a link.
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
        return CodeLines.rewritingText(markdown, rewriteLine)
    }

    /// `line` with each wiki link outside code spans rewritten; nil when it has none.
    static func rewriteLine(_ line: String) -> String? {
        guard line.containsBytes("[[") else { return nil }
        return CodeSpan.rewritingOutside(line) { characters, position, _ in
            let embeds = characters[position] == "!"
            let open = embeds ? position + 1 : position
            guard open + 1 < characters.count, characters[open] == "[", characters[open + 1] == "[",
                position == 0 || !(embeds ? "\\" : "!\\[").contains(characters[position - 1]),
                let (link, length) = link(at: characters[(open + 2)...], embedded: embeds)
            else { return nil }
            return (link, open - position + 2 + length)
        }
    }

    /// The Markdown for the wiki link or embed whose inside starts `text`, and how many characters after `[[` it
    /// takes.
    private static func link(at text: ArraySlice<Character>, embedded: Bool) -> (String, Int)? {
        guard
            let close = text.indices.first(where: { text[$0] == "]" && $0 + 1 < text.endIndex && text[$0 + 1] == "]" })
        else { return nil }
        let inside = String(text[..<close])
        let after = close + 2 < text.endIndex ? text[close + 2] : nil
        guard embedded || !ContentsMarker.written.contains("[[\(inside)]]"),
            !inside.contains(where: { "[]<>".contains($0) || $0.isNewline || $0 == "`" }),
            inside.first?.isWhitespace == false, inside.last?.isWhitespace == false, after != "(", after != "["
        else { return nil }
        var parts = inside.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        // In a table, Obsidian escapes the bar, `[[Page\|text]]`, which would end the cell.
        for index in parts.indices.dropLast() where parts[index].hasSuffix("\\") { parts[index].removeLast() }
        let target = parts.removeFirst()
        guard !target.isEmpty else { return nil }
        let length = text.distance(from: text.startIndex, to: close) + 2
        if embedded, isImage(target) {
            let size = parts.last.flatMap(Self.size)
            if size != nil { parts.removeLast() }
            // Without text, the file's name without its extension, which Obsidian shows whole.
            let alt = parts.isEmpty ? String(SitePath.name(of: target)) : parts.joined(separator: "|")
            return ("![\(alt)](<\(scheme)\(target)>)" + (size.map { "{ \($0) }" } ?? ""), length)
        }
        let shown = parts.isEmpty ? label(of: target) : parts.joined(separator: "|")
        guard !shown.isEmpty else { return nil }
        return ("[\(shown)](<\(scheme)\(target)>)", length)
    }

    /// The image files Obsidian shows where they are embedded.
    private static let imageExtensions: Set<String> = ["avif", "bmp", "gif", "jpeg", "jpg", "png", "svg", "webp"]

    /// Whether `target` (`img/flow.png`, `flow.PNG#x`) names an image file by its extension.
    private static func isImage(_ target: String) -> Bool {
        let file = target.prefix { $0 != "#" }.split(separator: "/").last ?? ""
        guard let dot = file.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(file[file.index(after: dot)...].lowercased())
    }

    /// The attributes an embed's size gives its image: `480` a width, `480x300` a width and a height; nil for text.
    private static func size(_ text: String) -> String? {
        let numbers = text.split(separator: "x", omittingEmptySubsequences: false)
        guard numbers.count <= 2, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy({ $0.isASCII && $0.isNumber }) })
        else { return nil }
        return numbers.count == 1 ? "width=\"\(text)\"" : "width=\"\(numbers[0])\" height=\"\(numbers[1])\""
    }

    /// What a wiki link without text shows, as Obsidian does: the page's name, and a heading after ` > `.
    private static func label(of target: String) -> String {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(MarkdownFileName.stem(of: parts[0].split(separator: "/").last.map(String.init) ?? ""))
        guard parts.count == 2 else { return name }
        return name.isEmpty ? String(parts[1]) : "\(name) > \(parts[1])"
    }

    /// `destination` as its author wrote it, for messages: a rewritten wiki link as `[[install#proxy]]`.
    static func asWritten(_ destination: String) -> String {
        written(in: destination).map { "[[\($0)]]" } ?? destination
    }
}
