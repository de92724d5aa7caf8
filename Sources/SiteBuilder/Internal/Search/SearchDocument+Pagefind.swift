import TextTools

extension SearchDocument {
    /// The document as the page Pagefind indexes: the title (weighted, so title matches rank first) and the
    /// text are searchable; the URL and the breadcrumb ride along as metadata, shown with a result.
    func pagefindHTML(language: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="\(language.htmlEscaped)">
        <head>
        <meta charset="utf-8">
        <meta data-pagefind-meta="url[content]" content="\(url.htmlEscaped)">
        <meta data-pagefind-meta="breadcrumb[content]" content="\(breadcrumb.joined(separator: " › ").htmlEscaped)">
        </head>
        <body data-pagefind-body>
        <h1 data-pagefind-meta="title" data-pagefind-weight="10">\(title.htmlEscaped)</h1>
        \(contentHTML)
        </body>
        </html>

        """
    }
}
