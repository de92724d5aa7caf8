import AccessRules
import TextTools

/// A front matter alias as "Map URLs" resolved it, once for the stages after it: the file of its redirect stub
/// and the page it leads to.
struct SiteAlias: Sendable, Equatable {
    /// The redirect stub's file in the output: `old/setup/index.html`.
    let outputPath: String
    /// The page it redirects to, by index into the build's pages.
    let page: Int
}

/// Redirect stubs for front matter `aliases`: old URLs that send readers (and search engines) on
/// to the page's current URL.
enum Aliases {
    /// Whether `alias` is also a name: one with no `/` that names no `.html` file, as Obsidian's `aliases: [Setup
    /// guide]` are the other names a note is linked by (`[[Setup guide]]`, see `LinkIndex`). It still redirects, as
    /// Hugo's and Quartz's do.
    static func isName(_ alias: String) -> Bool {
        let lowered = alias.lowercased()
        return !alias.isEmpty && !alias.contains("/") && !lowered.hasSuffix(".html") && !lowered.hasSuffix(".htm")
    }

    /// The output file for an alias: `/old/setup/` and `old/setup` → `old/setup/index.html`,
    /// `old/setup.html` stays as it is, and `/` is the home page's `index.html`. Nil when the alias is not a path
    /// inside the site.
    static func outputPath(for alias: String) -> String? {
        guard !alias.contains("://"), !alias.contains("?"), !alias.contains("#") else { return nil }
        guard let path = SitePath.resolve(alias, from: "") else { return nil }
        if path.isEmpty { return "index.html" }
        if path.hasSuffix(".html") || path.hasSuffix(".htm") { return path }
        return OutputPath.file(ofRoute: path + "/")
    }

    /// A small page that redirects at once; `noindex` and the canonical link keep the old URL out of search results.
    static func stub(to url: String, canonical: String, language: String) -> String {
        let target = url.htmlEscaped
        return """
            <!DOCTYPE html>
            <html lang="\(language.htmlEscaped)">
            <head>
            <meta charset="utf-8">
            <title>Redirecting to \(target)</title>
            <meta name="robots" content="noindex">
            <link rel="canonical" href="\(canonical.htmlEscaped)">
            <meta http-equiv="refresh" content="0; url=\(target)">
            </head>
            <body>
            <p>This page has moved to <a href="\(target)" rel="canonical">\(target)</a>.</p>
            </body>
            </html>

            """
    }
}
