import CMarkGFM
import Foundation
import TextTools

/// cmark-gfm settings shared by every parse and render.
enum CMark {
    /// Raw HTML is allowed (authors are trusted); footnotes on. `CMARK_OPT_GITHUB_PRE_LANG` stays off,
    /// because it is what would turn `<code class="language-x">` into `<pre lang="x">`.
    static let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// Registers the GFM extensions exactly once; Swift runs a static initializer once, thread-safely,
    /// which matters because the registry is global and parses run on many threads.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// A parser with every extension attached; with `doubleTildeStrikes`, only `~~` strikes through (a single `~`
    /// being pymdownx's subscript).
    static func makeParser(doubleTildeStrikes: Bool = false) -> OpaquePointer {
        _ = registered
        let parser = cmark_parser_new(options | (doubleTildeStrikes ? CMARK_OPT_STRIKETHROUGH_DOUBLE_TILDE : 0))!
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        return parser
    }

    /// Renders `node` to HTML; the parser's extension list must be passed or `tagfilter` does nothing.
    static func renderHTML(_ node: OpaquePointer, parser: OpaquePointer) -> String {
        guard let html = cmark_render_html(node, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// Calls `visit` for `node` and every node below it, parents before children.
    static func walk(_ node: OpaquePointer, _ visit: (OpaquePointer) -> Void) {
        let iterator = cmark_iter_new(node)
        defer { cmark_iter_free(iterator) }
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) {
                visit(current)
            }
            event = cmark_iter_next(iterator)
        }
    }

    /// The literal text of a text, code, or raw HTML node.
    static func literal(of node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// A new custom node of `type` (a block or an inline) writing `enter` before its children and `exit` after them.
    static func custom(_ type: cmark_node_type, enter: String, exit: String = "") -> OpaquePointer {
        let node = cmark_node_new(type)!
        cmark_node_set_on_enter(node, enter)
        cmark_node_set_on_exit(node, exit)
        return node
    }

    /// Puts `new` where `old` is and frees `old`, whose mark (`BlockAttributes`) `new` takes.
    static func replace(_ old: OpaquePointer, with new: OpaquePointer) {
        cmark_node_set_user_data(new, cmark_node_get_user_data(old))
        cmark_node_replace(old, new)
        cmark_node_free(old)
    }

    /// Puts a new node of `type` (text or raw HTML) holding `literal` before `node`; none for an empty literal.
    static func insert(_ type: cmark_node_type, _ literal: some StringProtocol, before node: OpaquePointer) {
        guard !literal.isEmpty else { return }
        let inserted = cmark_node_new(type)!
        cmark_node_set_literal(inserted, String(literal))
        cmark_node_insert_before(node, inserted)
    }

    /// Whether text node `node` is the text of an autolink, an address shown as it is (`https://example.com/API`),
    /// which the passes that mark words in text leave as written.
    static func isAddress(_ node: OpaquePointer) -> Bool {
        guard let link = cmark_node_parent(node), cmark_node_get_type(link) == CMARK_NODE_LINK,
            let url = cmark_node_get_url(link)
        else { return false }
        return String(cString: url).hasSuffix(literal(of: node))
    }

    /// The text of `node` without markup: `## Use *nginx*` gives "Use nginx"; with `shown`, its text (not its code)
    /// as `shown` writes it.
    static func plainText(of node: OpaquePointer, shown: ((String) -> String)? = nil) -> String {
        var text = ""
        walk(node) { child in
            let type = cmark_node_get_type(child)
            if type == CMARK_NODE_TEXT {
                text += shown.map { $0(literal(of: child)) } ?? literal(of: child)
            } else if type == CMARK_NODE_CODE {
                text += literal(of: child)
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                text += " "
            }
        }
        return text
    }

    /// The text of one line of inline Markdown (a link's text as written between its brackets, a caption) without
    /// markup, on one line: "The `Cargo.toml` *format*" gives "The Cargo.toml format". It is read inside a link, so
    /// that text such as `1. Setup` is no list.
    static func plainText(ofInline text: Substring) -> String {
        let plain = parsed("[\(text)](x)") { root, _ in plainText(of: root) } ?? String(text)
        // A line break cmark does not take for one (a form feed, U+2028) would still break the name where shown.
        return String(plain.map { $0.isNewline ? " " : $0 }).trimmingCharacters(in: .whitespaces)
    }

    /// A title written in Markdown, one line of it, as HTML: "Use *this*" gives "Use <em>this</em>", as MkDocs,
    /// Docusaurus and VitePress render their admonitions' and containers' titles. A title that cmark would read as
    /// a block (`# x`, `1. x`) is text as written; one that holds a link or image, which no page resolves here, is
    /// its plain text, and so is one with raw HTML naming an address (`<a href>`, `<img src>`): unresolved, such an
    /// address would be neither checked nor counted among the links that give a file its rule.
    static func inlineHTML(_ title: String) -> String {
        guard title.utf8.contains(where: { "*_`~<&[!\\".utf8.contains($0) }) else { return title.htmlEscaped }
        return parsed(title) { root, parser in
            guard let paragraph = cmark_node_first_child(root), cmark_node_next(paragraph) == nil,
                cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH
            else { return title.htmlEscaped }
            var linked = false
            walk(paragraph) { node in
                let type = cmark_node_get_type(node)
                linked =
                    linked || type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE
                    || type == CMARK_NODE_HTML_INLINE && !HTMLLinks.read(literal(of: node)).addresses.isEmpty
            }
            guard !linked else { return plainText(of: paragraph).htmlEscaped }
            return innerHTML(of: paragraph, parser: parser)
        } ?? title.htmlEscaped
    }

    /// The HTML of what a paragraph or a block quote holds, without the tags cmark writes around it (`<p>` and
    /// `</p>`, `<blockquote>` and `</blockquote>`). The block is in a document: cmark renders a paragraph from what
    /// is above it.
    static func innerHTML(of block: OpaquePointer, parser: OpaquePointer) -> String {
        let html = renderHTML(block, parser: parser)
        let (open, close) =
            cmark_node_get_type(block) == CMARK_NODE_BLOCK_QUOTE
            ? ("<blockquote>\n", "</blockquote>\n") : ("<p>", "</p>\n")
        guard html.hasPrefix(open), html.hasSuffix(close) else { return html }
        return String(html.dropFirst(open.count).dropLast(close.count))
    }

    /// What `read` makes of `markdown` parsed on its own, given the tree's root and the parser; both are freed
    /// after. Nil when cmark makes no tree.
    private static func parsed<Value>(
        _ markdown: String, _ read: (_ root: OpaquePointer, _ parser: OpaquePointer) -> Value
    )
        -> Value?
    {
        let parser = makeParser()
        defer { cmark_parser_free(parser) }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        guard let root = cmark_parser_finish(parser) else { return nil }
        defer { cmark_node_free(root) }
        return read(root, parser)
    }
}
