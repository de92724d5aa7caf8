/// What one part of the search index holds of a page: its URL, its title, its section breadcrumb and its
/// text, and nothing a reader of that part might not be allowed to see.
struct SearchDocument: Sendable, Equatable {
    let url: String
    let title: String
    /// Section titles from the top level down; a section some readers of the page may not open is `…`.
    let breadcrumb: [String]
    let contentHTML: String
    /// The page's text when it is known without `contentHTML`: taken from the last build's index for a page
    /// whose HTML has not changed since.
    var text: SearchText? = nil
    /// The page's words as the last build's index of the same part counted them, when its title and text are
    /// as they were then; numbered in the vocabulary that part's indexing starts from.
    var words: SearchPageWords? = nil
}
