import Foundation
import TextTools

/// Docusaurus's tabs, as its Markdown pages write them with the theme's components:
///
/// ```markdown
/// import Tabs from '@theme/Tabs';
/// import TabItem from '@theme/TabItem';
///
/// <Tabs groupId="os">
///   <TabItem value="mac" label="macOS" default>
///     Run `brew install sitegen`.
///   </TabItem>
/// </Tabs>
/// ```
///
/// Rewritten before parsing, line for line, into the MkDocs content tabs `Admonitions` reads (`=== "macOS"` and the
/// item's content, a level in), so they show as every other content tab does; the imports of the theme's
/// components and the `<Tabs>` lines are left empty. Each tag stands on a line of its own; tabs inside a tab, and
/// anything in fenced or indented code, stay as written.
enum DocusaurusTabs {
    /// `markdown` with its tabs rewritten; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("<TabItem") else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        let isCode = lines.map { code.isCode($0) }
        var changed = false
        var tabs: Int?
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            // A line holding a lone "\r", which ends a line for cmark, is no tag: emptying it would take a line away.
            guard !isCode[index], !lines[index].unicodeScalars.contains("\r") else { continue }
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if isImport(trimmed) {
                lines[index] = ""
            } else if tag(trimmed, "Tabs") != nil {
                tabs = Indentation.columns(of: lines[index])
                lines[index] = ""
            } else if trimmed == "</Tabs>", tabs != nil {
                tabs = nil
                lines[index] = ""
            } else if let margin = tabs, let attributes = tag(trimmed, "TabItem"),
                let title = attributes["label"] ?? attributes["value"],
                let close = lines[(index + 1)...].firstIndex(where: {
                    $0.trimmingCharacters(in: .whitespaces) == "</TabItem>"
                }), !lines[index..<close].contains(where: { $0.unicodeScalars.contains("\r") })
            {
                rewriteItem(&lines, at: index, close: close, margin: margin, title: title)
                index = close
            } else {
                continue
            }
            changed = true
        }
        return changed ? lines.joined(separator: "\n") : nil
    }

    /// The tab opening at line `index` and closing at `close` as a content tab at `margin`: its content dedented by
    /// what all of its lines share, then indented a level under the tab's title.
    private static func rewriteItem(_ lines: inout [String], at index: Int, close: Int, margin: Int, title: String) {
        let pad = String(repeating: " ", count: margin)
        lines[index] = pad + Admonitions.openingLine(kind: "tab", header: .init(title: title, isTab: true))
        let content = index + 1..<close
        let shared =
            content.filter { !Indentation.isBlank(lines[$0]) }.map { Indentation.columns(of: lines[$0]) }.min() ?? 0
        for line in content {
            lines[line] =
                Indentation.isBlank(lines[line]) ? "" : pad + "    " + Indentation.dedented(lines[line], by: shared)
        }
        lines[close] = ""
    }

    /// Whether `line` imports one of Docusaurus's theme components (`import Tabs from '@theme/Tabs';`), which
    /// shows nothing.
    private static func isImport(_ line: String) -> Bool {
        line.hasPrefix("import ") && (line.contains(" from '@theme/") || line.contains(" from \"@theme/"))
    }

    /// The attributes of `line` when it is the opening tag `<name …>` alone, e.g. `label="macOS"`; a bare
    /// attribute (`default`) has an empty value. Nil for any other line.
    private static func tag(_ line: String, _ name: String) -> [String: String]? {
        guard line.hasPrefix("<" + name), line.hasSuffix(">"), !line.hasSuffix("/>") else { return nil }
        var rest = line.dropFirst(name.count + 1).dropLast()
        guard rest.isEmpty || rest.first == " " else { return nil }
        var attributes: [String: String] = [:]
        while true {
            rest = rest.drop { $0 == " " }
            let key = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            guard !key.isEmpty else { break }
            rest = rest.dropFirst(key.count)
            guard rest.first == "=" else {
                attributes[String(key)] = ""
                continue
            }
            rest = rest.dropFirst()
            guard let quote = rest.first, quote == "\"" || quote == "'",
                let end = rest.dropFirst().firstIndex(of: quote)
            else { return nil }
            attributes[String(key)] = String(rest[rest.index(after: rest.startIndex)..<end])
            rest = rest[rest.index(after: end)...]
        }
        return rest.isEmpty ? attributes : nil
    }
}
