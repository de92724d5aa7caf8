import CMarkGFM
import Foundation
import TextTools

/// The marker that puts a page's table of contents where it stands, as GitLab (`[[_TOC_]]`, `[TOC]`) and
/// Python-Markdown's `toc` extension, which MkDocs uses (`[TOC]`), write it: a paragraph of the marker alone, on one
/// line, at the top level of the page. It becomes the page's h2 and h3 headings as a list of links, as the theme's
/// own table of contents lists them; on a page with none it shows nothing. A marker in a list or a quote, or beside
/// other text, stays as written.
enum ContentsMarker {
    /// The markers as written, which `WikiLinks` leaves alone.
    static let written: Set<String> = ["[[_TOC_]]", "[TOC]"]

    /// Whether `paragraph`, parsed from `source`, is a marker.
    static func isMarker(_ paragraph: OpaquePointer, source: inout SourceLines) -> Bool {
        let line = Int(cmark_node_get_start_line(paragraph))
        guard cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
            cmark_node_get_type(cmark_node_parent(paragraph)) == CMARK_NODE_DOCUMENT,
            line == Int(cmark_node_get_end_line(paragraph)),
            // Read as text, not as a link a reference definition names (`[TOC]: /contents/`).
            ["[[TOC]]", "[TOC]"].contains(CMark.plainText(of: paragraph)),
            let written = source.line(line)
        else { return false }
        return Self.written.contains(String(decoding: written, as: UTF8.self).trimmingCharacters(in: .whitespaces))
    }

    /// The table of contents of `entries`, as HTML; empty when there are none.
    static func html(_ entries: [TocEntry]) -> String {
        guard !entries.isEmpty else { return "" }
        func items(_ entries: [TocEntry]) -> String {
            entries.map { entry in
                "<li><a href=\"#\(entry.id.htmlEscaped)\">\(entry.title.htmlEscaped)</a>"
                    + (entry.children.isEmpty ? "" : "<ul>" + items(entry.children) + "</ul>") + "</li>"
            }.joined()
        }
        return "<nav class=\"toc-marker\" aria-label=\"Contents\"><ul class=\"toc-list\">" + items(entries)
            + "</ul></nav>\n"
    }
}
