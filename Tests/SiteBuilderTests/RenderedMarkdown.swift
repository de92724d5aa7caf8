@testable import SiteBuilder

extension MarkdownDocument {
    /// The HTML of `markdown` rendered alone, as a page's body is, without heading ids.
    static func html(_ markdown: String) -> String {
        MarkdownDocument(markdown: markdown).renderHTML(headingIDs: [])
    }
}
