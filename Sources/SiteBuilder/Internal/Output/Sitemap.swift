import AccessRules
import TextTools

/// `sitemap.xml`, written only when `base_url` says where the site lives (a sitemap needs absolute URLs).
///
/// Every reader may fetch it, so it lists public pages only: a search engine can read nothing else, and the
/// URLs and dates of restricted pages would tell anyone what the site keeps behind sign-in.
enum Sitemap {
    static func xml(pages: [Page], rules: [SiteAccess.Origin], origin: String) -> String {
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        let publicPages = zip(pages, rules).filter { $0.1.rule == .public }.map(\.0)
        for page in publicPages.sorted(by: { $0.url < $1.url }) {
            xml += "  <url><loc>\((origin + page.url).htmlEscaped)</loc>"
            if let date = page.frontMatter.date { xml += "<lastmod>\(date.iso)</lastmod>" }
            xml += "</url>\n"
        }
        return xml + "</urlset>\n"
    }
}
