/// What one part of the search index holds of a page: its URL, its title, its section breadcrumb and its
/// text, and nothing a reader of that part might not be allowed to see.
struct SearchDocument: Sendable, Equatable {
    let url: String
    let title: String
    /// Section titles from the top level down; a section some readers of the page may not open is `…`.
    let breadcrumb: [String]
    let contentHTML: String
}

/// The documents of one access rule's part of the search index.
struct SearchPart: Sendable, Equatable {
    /// The rule's number in the access manifest, which guards the part's files and names its folder.
    let ruleNumber: Int
    let documents: [SearchDocument]
}
