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
/// components and the `<Tabs>` lines are left empty. Tabs inside a tab are content tabs inside it. Each tag stands
/// on a line of its own; tabs never closed, or holding an item never closed, and anything in code stay as written.
/// Inside tabs, as in MDX, only fenced blocks are code: an indented line is the item's content.
enum DocusaurusTabs {
    /// `markdown` with its tabs rewritten; nil when it has none.
    static func rewrite(_ markdown: String) -> String? {
        guard markdown.containsBytes("<TabItem") else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        // Inside tabs, MDX reads no indented code, and a fence may be indented as far as the tabs are.
        var fence = CodeFence.Tracker()
        var changed = false
        var open: [Tabs] = []
        var closed: [Tabs] = []
        for index in lines.indices {
            let isCode =
                open.isEmpty
                ? code.isCode(lines[index]) : fence.consume(String(lines[index].drop { $0 == " " || $0 == "\t" }))
            // A line holding a lone "\r", which ends a line for cmark, is no tag: emptying it would take a line away.
            guard !isCode, !lines[index].unicodeScalars.contains("\r") else { continue }
            let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
            if isImport(trimmed) {
                lines[index] = ""
                changed = true
            } else if tag(trimmed, "Tabs") != nil, open.isEmpty || open.last?.openItem != nil {
                if open.isEmpty { fence = CodeFence.Tracker() }
                open.append(Tabs(line: index, margin: Indentation.columns(of: lines[index])))
            } else if trimmed == "</Tabs>", open.last?.openItem == nil, var tabs = open.popLast() {
                if open.isEmpty { code = CodeLines() }
                tabs.close = index
                if !tabs.items.isEmpty { closed.append(tabs) }
            } else if let tabs = open.last, tabs.openItem == nil, let attributes = tag(trimmed, "TabItem"),
                let title = attributes["label"] ?? attributes["value"]
            {
                open[open.count - 1].openItem = (index, title)
            } else if trimmed == "</TabItem>", let item = open.last?.openItem {
                open[open.count - 1].openItem = nil
                // Its content indented would leave the part of a line after a lone "\r" out of the tab.
                guard !lines[item.line..<index].contains(where: { $0.unicodeScalars.contains("\r") }) else { continue }
                open[open.count - 1].items.append(Item(open: item.line, close: index, title: item.title))
            }
        }
        // Inner tabs first, so that the item holding them takes their rewritten lines a level in.
        for tabs in closed {
            (lines[tabs.line], lines[tabs.close]) = ("", "")
            for item in tabs.items { rewriteItem(&lines, item, margin: tabs.margin) }
        }
        return changed || !closed.isEmpty ? lines.joined(separator: "\n") : nil
    }

    /// A `<Tabs>` block: the line of its opening tag, and its closing one, and its items.
    private struct Tabs {
        let line: Int
        /// The opening tag's indentation, in columns, where its items' titles stand.
        let margin: Int
        var close = 0
        var items: [Item] = []
        /// The item opened and not yet closed: the line of its tag, and its title.
        var openItem: (line: Int, title: String)? = nil
    }

    /// A `<TabItem>`: the lines of its opening and closing tags, and its title.
    private struct Item {
        let open: Int
        let close: Int
        let title: String
    }

    /// `item` as a content tab at `margin`: its content dedented by what all of its lines share, then indented a level
    /// under the tab's title.
    private static func rewriteItem(_ lines: inout [String], _ item: Item, margin: Int) {
        let pad = String(repeating: " ", count: margin)
        lines[item.open] = pad + Admonitions.openingLine(kind: "tab", header: .init(title: item.title, isTab: true))
        let content = item.open + 1..<item.close
        let shared =
            content.filter { !Indentation.isBlank(lines[$0]) }.map { Indentation.columns(of: lines[$0]) }.min() ?? 0
        for line in content {
            lines[line] =
                Indentation.isBlank(lines[line]) ? "" : pad + "    " + Indentation.dedented(lines[line], by: shared)
        }
        lines[item.close] = ""
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
