/// A page's Markdown as cmark-gfm is given it, after the passes that rewrite its lines, line for line, and what
/// they took out of it for the tree. In order: Jekyll's Liquid tags are read (`LiquidTags`), Obsidian's and MDX's
/// comments taken out (`SourceComments`), HTML elements that hold Markdown opened up (`MarkdownInHTML`, where
/// `mkdocs.yml` asks for it), GitLab's multiline quotes written with `> ` (`GitLabQuotes`), the blocks
/// that continue a definition taken out of their indentation (`DefinitionLists`), Hugo's figures, highlight blocks
/// and refs rewritten (`HugoShortcodes`), Docusaurus's tabs (`DocusaurusTabs`), then the wiki links (`WikiLinks`)
/// and block ids (`BlockIDs`); the abbreviations are taken out (`Abbreviations`), MkDocs admonitions rewritten into
/// quotes (`Admonitions`), and the math taken out (`MathSpans`).
struct PreparedMarkdown {
    let text: String
    /// The lines of the blocks that continue a definition.
    let definitionContinuations: [ClosedRange<Int>]
    let abbreviations: Abbreviations?
    /// The admonitions' headers, by the line each opens on.
    let admonitions: [Int: Admonitions.Header]
    let mathSpans: [MathSpans.Span]
    /// The comments nothing closes, on the line each opens (`SourceComments`).
    let unclosedComments: [LineMessage]

    /// `dialect`: what the project's extensions add (`MarkdownDialect`).
    init(_ markdown: String, dialect: MarkdownDialect = .init()) {
        var markdown = LiquidTags.rewrite(markdown) ?? markdown
        let stripped = SourceComments.strip(markdown)
        markdown = stripped?.text ?? markdown
        unclosedComments = stripped?.unclosed ?? []
        if dialect.markdownInHTML { markdown = MarkdownInHTML.rewrite(markdown) ?? markdown }
        markdown = GitLabQuotes.rewrite(markdown) ?? markdown
        (markdown, definitionContinuations) = DefinitionLists.dedentingContinuations(markdown) ?? (markdown, [])
        markdown = HugoShortcodes.rewrite(markdown) ?? markdown
        markdown = DocusaurusTabs.rewrite(markdown) ?? markdown
        markdown = WikiLinks.rewrite(markdown) ?? markdown
        markdown = BlockIDs.rewrite(markdown) ?? markdown
        (markdown, abbreviations) =
            Abbreviations.extract(markdown).map { ($0.markdown, $0.abbreviations) } ?? (markdown, nil)
        (markdown, admonitions) = Admonitions.rewrite(markdown) ?? (markdown, [:])
        (markdown, mathSpans) = MathSpans.extract(markdown, latex: dialect.latexMath) ?? (markdown, [])
        text = markdown
    }
}
