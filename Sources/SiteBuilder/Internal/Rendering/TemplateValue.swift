/// A value of the template context: what front matter, `site.toml` and the build hand to Mustache.
enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])
    /// An object built once and shared by the contexts of many pages, e.g. a page's nav entry.
    case node(TemplateNode)
    /// A field that is there but empty: it renders as a missing field would, except that Mustache does
    /// not go on to look for it in the enclosing objects, where an unrelated value may be found.
    case null
    /// A long text whose digest is known, such as a page's HTML: the node's digest takes the digest
    /// instead of hashing the text again.
    case digested(String, SHA256.Digest)

    /// A string field that is left out when empty, so `{{#page.description}}` works as a test.
    static func text(_ value: String) -> TemplateValue? {
        value.isEmpty ? nil : .string(value)
    }
}
