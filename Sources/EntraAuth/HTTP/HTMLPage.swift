/// The handler's own pages (sign-in errors), styled by the site's theme and free of inline script or style.
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
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <link rel="stylesheet" href="/assets/theme.css">
            </head><body class="auth-page"><main id="main" class="auth-message">
            <h1>\(escape(title))</h1>

            """
        for paragraph in paragraphs {
            html += "<p>\(escape(paragraph))</p>\n"
        }
        if !details.isEmpty {
            html += "<dl class=\"auth-details\">\n"
            for (term, value) in details {
                html += "<dt>\(escape(term))</dt><dd><code>\(escape(value))</code></dd>\n"
            }
            html += "</dl>\n"
        }
        if !links.isEmpty {
            html +=
                "<p class=\"auth-actions\">"
                + links.map { "<a class=\"button\" href=\"\(escape($0.href))\">\(escape($0.label))</a>" }.joined(
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

    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
