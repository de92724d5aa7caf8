import CMarkGFM
import Foundation
import TextTools

/// GitHub alerts (`> [!NOTE]` on the first line of a block quote), Obsidian's callouts (`> [!tip]- A title`, folded
/// with `-`, open with `+`) and the admonitions `Admonitions` rewrote into alerts become the theme's one callout
/// component:
///
///     <div class="callout callout-warning" role="note">
///     <p class="callout-title">Warning</p>
///     …the quote's content…
///     </div>
///
/// A collapsible admonition is a `<details class="callout …">` with the title as its `<summary>`, and a content
/// tab of MkDocs Material a `<div class="content-tab">` headed by its title. The five kinds are GitHub's; MkDocs
/// kinds map to the nearest one, and unknown kinds fall back to `note`.
enum Callouts {
    static let kinds = ["note", "tip", "important", "warning", "caution"]

    /// MkDocs Material's kinds and aliases, by the callout they look like.
    private static let aliases: [String: String] = [
        "abstract": "note", "summary": "note", "tldr": "note", "info": "note", "todo": "note",
        "question": "note", "help": "note", "faq": "note", "example": "note", "quote": "note", "cite": "note",
        "hint": "tip", "success": "tip", "check": "tip", "done": "tip",
        "attention": "warning",
        "danger": "caution", "error": "caution", "failure": "caution", "fail": "caution", "missing": "caution",
        "bug": "caution",
    ]

    /// The callout kind for a kind as written, in any case, when it is one of the kinds or their aliases.
    static func knownKind(_ written: String) -> String? {
        let lowered = written.lowercased()
        return kinds.contains(lowered) ? lowered : aliases[lowered]
    }

    /// The callout kind for a kind as written, in any case; `note` for one sitegen does not know.
    static func kind(_ written: String) -> String {
        knownKind(written) ?? "note"
    }

    /// What opens a quote that is a callout: `[!KIND]` alone on its first line, as GitHub writes it, or followed by
    /// `-` (folded) or `+` (open) and a title, as Obsidian writes it (`[!faq]- Why *this*?`).
    struct Marker {
        /// The kind as written.
        let kind: String
        /// `-` or `+` after the marker: a callout that folds, closed or open.
        let foldedOpen: Bool?
        /// The inline nodes of the first line after the marker, the title; none for GitHub's marker alone.
        let title: [OpaquePointer]
        /// The text nodes the marker is written in, the line break after it and its title, to remove.
        let spent: [OpaquePointer]
    }

    /// The marker a quote's first paragraph opens with, its title's first text node cut to the title; nil when it
    /// opens with none. cmark may cut the marker's text into several text nodes (`[`, `!KIND`, `]…`).
    private static func marker(in paragraph: OpaquePointer) -> Marker? {
        var text = ""
        var spent: [OpaquePointer] = []
        var node = cmark_node_first_child(paragraph)
        // The marker's text, up to its `]`: 40 characters at most, so a quote that is none is not read further.
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_TEXT, !text.contains("]"),
            text.count < 40
        {
            text += CMark.literal(of: current)
            spent.append(current)
            node = cmark_node_next(current)
        }
        let opening = text.drop { $0 == " " || $0 == "\t" }
        guard opening.hasPrefix("[!"), let close = opening.firstIndex(of: "]") else { return nil }
        let kind = opening[opening.index(opening.startIndex, offsetBy: 2)..<close]
        guard !kind.isEmpty, kind.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        var rest = opening[opening.index(after: close)...]
        let foldedOpen: Bool? = rest.first == "-" ? false : rest.first == "+" ? true : nil
        if foldedOpen != nil { rest = rest.dropFirst() }
        // GitHub's marker stands alone; Obsidian's is followed by a space or nothing before its title.
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        var title: [OpaquePointer] = []
        let leading = rest.drop { $0 == " " || $0 == "\t" }
        if !leading.isEmpty, let last = spent.last {
            // The last node held the title's first words too: it stays, holding them alone.
            spent.removeLast()
            cmark_node_set_literal(last, String(leading))
            title.append(last)
        }
        while let current = node {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                spent.append(current)
                break
            }
            title.append(current)
            node = cmark_node_next(current)
        }
        return Marker(kind: String(kind), foldedOpen: foldedOpen, title: title, spent: spent)
    }

    /// Turns `quote` into a callout when it opens with a marker; `headers` are the admonitions' by line, and
    /// `parser` the one that read the page, whose extensions render a title.
    static func convert(_ quote: OpaquePointer, headers: [Int: Admonitions.Header], parser: OpaquePointer) {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let marker = marker(in: paragraph)
        else { return }
        let header = headers[Int(cmark_node_get_start_line(quote))] ?? Admonitions.Header()
        let title = titleHTML(marker.title, parser: parser)
        for node in marker.spent {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        if cmark_node_first_child(paragraph) == nil {
            cmark_node_unlink(paragraph)
            cmark_node_free(paragraph)
        }
        let kind = kind(marker.kind)
        let shown = title ?? CMark.inlineHTML(header.title ?? defaultTitle(marker.kind))
        let (open, close) =
            header.isTab
            ? tabTags(title: shown)
            : tags(kind: kind, title: shown, collapsedOpen: header.collapsedOpen ?? marker.foldedOpen)
        let block = CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: open, exit: close)
        while let child = cmark_node_first_child(quote) {
            cmark_node_unlink(child)
            cmark_node_append_child(block, child)
        }
        CMark.replace(quote, with: block)
    }

    /// The HTML of the title nodes on a marker's line, rendered as the rest of the page is (their links resolved),
    /// and freed; nil when there are none.
    private static func titleHTML(_ nodes: [OpaquePointer], parser: OpaquePointer) -> String? {
        guard !nodes.isEmpty else { return nil }
        let document = cmark_node_new(CMARK_NODE_DOCUMENT)!
        defer { cmark_node_free(document) }
        let holder = cmark_node_new(CMARK_NODE_PARAGRAPH)!
        cmark_node_append_child(document, holder)
        for node in nodes {
            cmark_node_unlink(node)
            cmark_node_append_child(holder, node)
        }
        let trimmed = CMark.innerHTML(of: holder, parser: parser).trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// GitHub's titles are the kind's ("Note"); MkDocs' are the kind as written, capitalised.
    private static func defaultTitle(_ written: String) -> String {
        written.prefix(1).uppercased() + written.dropFirst().lowercased()
    }

    /// A content tab is shown under its title, each tab of a set after the one before it, so that every variant
    /// reads and prints without a script.
    private static func tabTags(title: String) -> (open: String, close: String) {
        ("<div class=\"content-tab\">\n<p class=\"content-tab-title\">\(title)</p>\n", "</div>\n")
    }

    /// A callout of `kind` titled with the HTML `title` (none when empty), holding the HTML `body`.
    static func html(kind: String, title: String, body: String) -> String {
        let (open, close) = tags(kind: kind, title: title, collapsedOpen: nil)
        return open + body + close
    }

    /// The tags around a callout of `kind` whose title is the HTML `shown`.
    private static func tags(kind: String, title shown: String, collapsedOpen: Bool?) -> (open: String, close: String) {
        if let open = collapsedOpen {
            let summary = "<summary class=\"callout-title\">\(shown.isEmpty ? "Details" : shown)</summary>\n"
            return ("<details class=\"callout callout-\(kind)\"\(open ? " open" : "")>\n" + summary, "</details>\n")
        }
        let titleLine = shown.isEmpty ? "" : "<p class=\"callout-title\">\(shown)</p>\n"
        return ("<div class=\"callout callout-\(kind)\" role=\"note\">\n" + titleLine, "</div>\n")
    }
}
