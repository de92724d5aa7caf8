import CMarkGFM
import Foundation
import TextTools

/// GitHub alerts (`> [!NOTE]` on the first line of a block quote) and the admonitions `Admonitions`
/// rewrote into them become the theme's one callout component:
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

    /// The marker `[!KIND]` a quote's first line holds, up to its first line break; nil when it holds none.
    /// The inline nodes are cmark's: `[`, `!KIND` and `]` are separate text nodes.
    static func marker(in paragraph: OpaquePointer) -> (kind: String, nodes: [OpaquePointer])? {
        var text = ""
        var nodes: [OpaquePointer] = []
        var child = cmark_node_first_child(paragraph)
        while let node = child {
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                nodes.append(node)
                break
            }
            guard type == CMARK_NODE_TEXT, text.count < 40 else { return nil }
            text += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            nodes.append(node)
            child = cmark_node_next(node)
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]") else { return nil }
        let kind = trimmed.dropFirst(2).dropLast()
        guard !kind.isEmpty, kind.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            return nil
        }
        return (String(kind), nodes)
    }

    /// Turns `quote` into a callout when it opens with a marker; `headers` are the admonitions' by line.
    static func convert(_ quote: OpaquePointer, headers: [Int: Admonitions.Header]) {
        guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            let (written, markerNodes) = marker(in: paragraph)
        else { return }
        let header = headers[Int(cmark_node_get_start_line(quote))] ?? Admonitions.Header()
        for node in markerNodes {
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
        if cmark_node_first_child(paragraph) == nil {
            cmark_node_unlink(paragraph)
            cmark_node_free(paragraph)
        }
        let kind = kind(written)
        let title = header.title ?? defaultTitle(written)
        let (open, close) =
            header.isTab ? tabTags(title: title) : tags(kind: kind, title: title, collapsedOpen: header.collapsedOpen)
        let block = CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: open, exit: close)
        while let child = cmark_node_first_child(quote) {
            cmark_node_unlink(child)
            cmark_node_append_child(block, child)
        }
        cmark_node_replace(quote, block)
        cmark_node_free(quote)
    }

    /// GitHub's titles are the kind's ("Note"); MkDocs' are the kind as written, capitalised.
    private static func defaultTitle(_ written: String) -> String {
        written.prefix(1).uppercased() + written.dropFirst().lowercased()
    }

    /// A content tab is shown under its title, each tab of a set after the one before it, so that every variant
    /// reads and prints without a script.
    private static func tabTags(title: String) -> (open: String, close: String) {
        ("<div class=\"content-tab\">\n<p class=\"content-tab-title\">\(CMark.inlineHTML(title))</p>\n", "</div>\n")
    }

    private static func tags(kind: String, title: String, collapsedOpen: Bool?) -> (open: String, close: String) {
        let shown = CMark.inlineHTML(title)
        if let open = collapsedOpen {
            let summary = "<summary class=\"callout-title\">\(shown.isEmpty ? "Details" : shown)</summary>\n"
            return ("<details class=\"callout callout-\(kind)\"\(open ? " open" : "")>\n" + summary, "</details>\n")
        }
        let titleLine = shown.isEmpty ? "" : "<p class=\"callout-title\">\(shown)</p>\n"
        return ("<div class=\"callout callout-\(kind)\" role=\"note\">\n" + titleLine, "</div>\n")
    }
}
