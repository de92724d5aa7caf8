import CMarkGFM
import Foundation

/// cmark-gfm settings shared by every parse and render.
enum CMark {
    /// Raw HTML is allowed (authors are trusted); footnotes on. `CMARK_OPT_GITHUB_PRE_LANG` stays off,
    /// because it is what would turn `<code class="language-x">` into `<pre lang="x">`.
    static let options = CMARK_OPT_UNSAFE | CMARK_OPT_FOOTNOTES

    static let extensionNames = ["table", "strikethrough", "autolink", "tasklist", "tagfilter"]

    /// Registers the GFM extensions exactly once; Swift runs a static initializer once, thread-safely,
    /// which matters because the registry is global and parses run on many threads.
    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// A parser with every extension attached.
    static func makeParser() -> OpaquePointer {
        _ = registered
        let parser = cmark_parser_new(options)!
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
}
