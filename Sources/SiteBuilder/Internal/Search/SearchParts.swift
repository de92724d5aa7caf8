/// Splits the searchable pages into one part per access rule, so each reader can be given exactly the
/// parts of the rules they satisfy.
///
/// A page goes only to the part of its own rule. Its breadcrumb names a section only when every reader of
/// the page may also open that section; otherwise it shows `…`, as the theme's breadcrumbs do, so that a
/// public page inside a restricted section does not reveal the section's title.
enum SearchParts {
    /// Stands for the title of a section some readers of the page may not open.
    static let hiddenSection = "…"

    /// The parts in rule-number order, each with its pages in the order given.
    static func split(_ pages: [SearchablePage]) -> [SearchPart] {
        var documents: [Int: [SearchDocument]] = [:]
        for page in pages {
            let breadcrumb = page.sections.map { section in
                page.rule.implies(section.rule) ? section.title : hiddenSection
            }
            let document = SearchDocument(
                url: page.url, title: page.title, breadcrumb: breadcrumb, contentHTML: page.contentHTML)
            documents[page.ruleNumber, default: []].append(document)
        }
        return documents.keys.sorted().map { SearchPart(ruleNumber: $0, documents: documents[$0] ?? []) }
    }
}
