/// A callout as Just the Docs, the Jekyll theme, lets `_config.yml` define one under `callouts:`: a name of the
/// author's choosing, an optional title and a colour. A paragraph or quote whose attribute line (`BlockAttributes`)
/// names it, `{: .warning }`, is that callout, titled with the configured title; a quote whose line names it with
/// `-title`, `{: .warning-title }`, is titled with its first paragraph. It becomes the theme's callout
/// (`Callouts`) of the kind whose look is nearest to its colour.
struct JekyllCallout: Sendable, Equatable {
    /// The title every such callout shows; nil for none.
    let title: String?
    /// The callout kind it is shown as (`Callouts.kinds`).
    let kind: String

    /// The callout named `name` with `title` and `color` as written: the colour names the kind, as Just the Docs
    /// draws it (`red` is `caution`, `yellow` `warning`, `green` `tip`, `purple` `important`, `blue` and the greys
    /// `note`); without a colour it knows, the name does, when it is a kind or an alias of one (`Callouts`).
    init(name: String, title: String?, color: String?) {
        self.title = title
        let base = color.map { $0.lowercased().split(separator: "-").first.map(String.init) ?? "" } ?? ""
        kind = Self.kinds[base] ?? Callouts.kind(name)
    }

    private static let kinds = [
        "red": "caution", "yellow": "warning", "green": "tip", "purple": "important", "blue": "note", "grey": "note",
    ]
}
