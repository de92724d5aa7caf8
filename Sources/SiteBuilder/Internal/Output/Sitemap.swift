import TextTools

/// `sitemap.xml`, written only when `base_url` says where the site lives (a sitemap needs absolute URLs).
enum Sitemap {
    static func xml(pages: [Page], origin: String) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for page in pages.sorted(by: { $0.url < $1.url }) {
            xml += "  <url><loc>\((origin + page.url).htmlEscaped)</loc>"
            if let date = page.frontMatter.date { xml += "<lastmod>\(date.iso)</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
