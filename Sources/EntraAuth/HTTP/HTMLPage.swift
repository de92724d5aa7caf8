import TextTools

/// The handler's own pages (sign-in errors), styled by the site's theme and free of inline script or style. A refused
/// sign-in's page is shown at the callback's address, whose query holds the authorization code and state: the page sends
/// no `Referer`, so neither reaches a log through the stylesheet's request or a followed link (the web server's own
/// `Referrer-Policy` header would allow it; the page's `<meta>` overrides it).
enum HTMLPage {
    /// A page with a title, paragraphs (plain text, escaped here) and optional action links.
    static func render(
        status: Int,
        title: String,
        paragraphs: [String],
        details: [(String, String)] = [],
        links: [(label: String, href: String)] = []
    ) -> Response {
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="referrer" content="no-referrer">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title.htmlEscaped)</title>
            <link rel="stylesheet" href="/assets/theme.css">
            </head><body class="auth-page"><main id="main" class="auth-message">
            <h1>\(title.htmlEscaped)</h1>

            """
        for paragraph in paragraphs {
            html += "<p>\(paragraph.htmlEscaped)</p>\n"
        }
        if !details.isEmpty {
            html += "<dl class=\"auth-details\">\n"
            for (term, value) in details {
                html += "<dt>\(term.htmlEscaped)</dt><dd><code>\(value.htmlEscaped)</code></dd>\n"
            }
            html += "</dl>\n"
        }
        if !links.isEmpty {
            html +=
                "<p class=\"auth-actions\">"
                + links.map { "<a class=\"button\" href=\"\($0.href.htmlEscaped)\">\($0.label.htmlEscaped)</a>" }
                .joined(
                    separator: " ")
                + "</p>\n"
        }
        html += "</main></body></html>\n"
        return Response(
            status: status,
            headers: [("Content-Type", "text/html; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array(html.utf8)
        )
    }
}
