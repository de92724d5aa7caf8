/// What a project's Markdown reads beyond what every page gets: the Python-Markdown extensions `mkdocs.yml` lists
/// that change what text means, so that a page reads as its project's own tool shows it.
struct MarkdownDialect: Sendable, Equatable {
    /// pymdownx's arithmatex: `\(…\)` and `\[…\]` are math too (`MathSpans`).
    var latexMath = false
    /// md_in_html: an HTML element with a `markdown` attribute holds Markdown (`MarkdownInHTML`).
    var markdownInHTML = false

    /// What the dialect adds, for the page store, whose summaries are kept only while it is the same.
    var settings: String {
        (latexMath ? ", LaTeX math" : "") + (markdownInHTML ? ", Markdown in HTML" : "")
    }
}
