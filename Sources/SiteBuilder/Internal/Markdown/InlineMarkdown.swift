import Foundation

/// Renders a short text such as the site footer as inline Markdown, without the wrapping `<p>`.
enum InlineMarkdown {
    static func html(_ markdown: String) -> String {
        guard !markdown.isEmpty else { return "" }
        let html = MarkdownDocument(markdown: markdown).renderHTML(headingIDs: [])
        guard html.hasPrefix("<p>"), html.hasSuffix("</p>\n"), html.components(separatedBy: "<p>").count == 2 else {
            return html
        }
        return String(html.dropFirst(3).dropLast(5))
    }
}
