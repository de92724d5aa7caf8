/// What a project's Markdown reads beyond what every page gets, so that a page reads as its project's own tool shows
/// it: the Python-Markdown extensions `mkdocs.yml` lists that change what text means, and the callouts a Jekyll
/// source's `_config.yml` defines.
struct MarkdownDialect: Sendable, Equatable {
    /// pymdownx's arithmatex: `\(…\)` and `\[…\]` are math too (`MathSpans`).
    var latexMath = false
    /// md_in_html: an HTML element with a `markdown` attribute holds Markdown (`MarkdownInHTML`).
    var markdownInHTML = false
    /// pymdownx's caret: `^^text^^` is inserted text (`MarkedText`), `^text^` superscript (`ScriptText`).
    var caret = false
    /// pymdownx's tilde: `~text~` is subscript (`ScriptText`), and only `~~text~~` is struck through.
    var tilde = false
    /// Just the Docs's callouts, by name (`JekyllCallout`).
    var callouts: [String: JekyllCallout] = [:]
    /// A Jekyll source: Liquid's `{% include %}` takes a file of `_includes/` (`LiquidInclude`).
    var liquidIncludes = false

    /// What the dialect adds, for the page store, whose summaries are kept only while it is the same.
    var settings: String {
        let callouts = self.callouts.sorted { $0.key < $1.key }.map { name, callout in
            ", callout \(name.debugDescription) \(callout.kind) \((callout.title ?? "").debugDescription)"
        }
        return (latexMath ? ", LaTeX math" : "") + (markdownInHTML ? ", Markdown in HTML" : "")
            + (caret ? ", caret" : "") + (tilde ? ", tilde" : "") + (liquidIncludes ? ", Liquid includes" : "")
            + callouts.joined()
    }
}
