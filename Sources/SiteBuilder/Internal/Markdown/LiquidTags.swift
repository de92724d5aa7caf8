import Foundation
import TextTools

/// The Liquid tags a Jekyll page uses in its Markdown, read as what they make, since sitegen runs no templates:
///
/// - `{% highlight ruby %}`, the code, and `{% endhighlight %}`, each tag on a line of its own, are a fenced code
///   block of that language; its `mark_lines="1 3"` are lines to highlight, `linenos` is passed by;
/// - `{% link guide/setup.md %}` is the site-absolute `/guide/setup.md`, so `[Setup]({% link guide/setup.md %})`
///   is a link to the page, resolved and checked as any other;
/// - `{% raw %}` and `{% endraw %}`, which keep Liquid from reading the text between them, are left out.
///
/// Rewritten before parsing, line for line, before any other pass, so that a highlighted block is code to them.
/// Outside it, fenced and indented code and code spans stay as written, and so do other tags, a highlight block
/// never closed, and a tag over lines.
enum LiquidTags {
    /// `markdown` with its Liquid tags rewritten; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("{%") else { return nil }
        return CodeLines.rewritingBlocks(markdown) { lines, index in
            guard lines[index].containsBytes("{%") else { return nil }
            if let (language, marked) = highlight(lines[index]),
                let close = lines[(index + 1)...].firstIndex(where: { tag(alone: $0)?.name == "endhighlight" }),
                !lines[index...close].contains(where: { $0.unicodeScalars.contains("\r") })
            {
                let content = lines[(index + 1)..<close].map(withoutRawTags)
                // The tag's indentation keeps the block in the list item it may be in.
                let fence = String(lines[index].prefix { $0 == " " }) + CodeFence.backticks(around: content)
                lines[index] = fence + language + (marked.map { " hl_lines=\"\($0)\"" } ?? "")
                lines.replaceSubrange(index + 1..<close, with: content)
                lines[close] = fence
                return close
            }
            guard let rewritten = CodeSpan.rewritingOutside(lines[index], inlineTag) else { return nil }
            lines[index] = rewritten
            return index
        }
    }

    /// `line` without its `{% raw %}` and `{% endraw %}` tags, which Liquid reads in highlighted code too.
    private static func withoutRawTags(_ line: String) -> String {
        guard line.containsBytes("raw") else { return line }
        let characters = Array(line)
        var result = ""
        var position = 0
        while position < characters.count {
            if let (tag, length) = tag(at: characters, position), isRaw(tag) {
                position += length
            } else {
                result.append(characters[position])
                position += 1
            }
        }
        return result
    }

    private static func isRaw(_ tag: (name: String, arguments: [String])) -> Bool {
        (tag.name == "raw" || tag.name == "endraw") && tag.arguments.isEmpty
    }

    /// The language and lines to mark of `line` when it is a `{% highlight … %}` tag alone.
    private static func highlight(_ line: String) -> (language: String, marked: String?)? {
        guard let tag = tag(alone: line), tag.name == "highlight", let language = tag.arguments.first,
            language.allSatisfy({ $0.isLetter || $0.isNumber || "+-_#.".contains($0) })
        else { return nil }
        let marked = tag.arguments.dropFirst().first { $0.hasPrefix("mark_lines=") }.map {
            $0.dropFirst("mark_lines=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return (language, marked)
    }

    /// The tag `line` holds alone, after no more than three spaces: its name and arguments.
    private static func tag(alone line: String) -> (name: String, arguments: [String])? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard line.count - line.drop(while: { $0 == " " }).count < 4, let (tag, length) = tag(at: Array(trimmed), 0),
            length == trimmed.count
        else { return nil }
        return tag
    }

    /// The tag starting at `position` of `characters`, and how many characters it takes.
    private static func tag(at characters: [Character], _ position: Int) -> ((name: String, arguments: [String]), Int)?
    {
        guard position + 1 < characters.count, characters[position] == "{", characters[position + 1] == "%",
            let close = (position + 2..<characters.count).first(where: {
                characters[$0] == "%" && $0 + 1 < characters.count && characters[$0 + 1] == "}"
            })
        else { return nil }
        var inside = String(characters[(position + 2)..<close])
        if inside.hasPrefix("-") { inside.removeFirst() }
        if inside.hasSuffix("-") { inside.removeLast() }
        // Liquid's output and tags inside a tag are values sitegen cannot work out.
        guard !inside.contains("{") else { return nil }
        let words = inside.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let name = words.first else { return nil }
        return ((name, Array(words.dropFirst())), close + 2 - position)
    }

    /// The text a `{% link … %}`, `{% raw %}` or `{% endraw %}` at `position` stands for; nil for any other.
    private static func inlineTag(_ characters: [Character], _ position: Int, _: String) -> (text: String, length: Int)?
    {
        guard characters[position] == "{", let (tag, length) = tag(at: characters, position) else { return nil }
        if isRaw(tag) { return ("", length) }
        guard tag.name == "link", tag.arguments.count == 1 else { return nil }
        return ("/" + tag.arguments[0].drop { $0 == "/" }, length)
    }
}
