import Testing

@testable import SiteBuilder

@Suite("Whole-site builds")
struct WholeSiteTests {
    /// A small theme exercising every part of the contract.
    private static let templates: [String: String] = [
        "layout.mustache": """
        <!DOCTYPE html>
        <html lang="{{site.language}}">
        <head>{{> head}}</head>
        <body>
        <nav>{{> nav}}</nav>
        {{> breadcrumbs}}<main>{{$content}}{{/content}}</main>
        {{> footer}}
        </body>
        </html>

        """,
        "page.mustache": """
        {{<layout}}{{$content}}
        <h1>{{page.title}}</h1>
        {{#page.date}}<time datetime="{{page.date}}">{{page.date_display}}</time>{{/page.date}}
        {{> toc}}{{{page.content_html}}}{{#prev}}<a rel="prev" href="{{url}}">{{title}}</a>{{/prev}}
        {{#next}}<a rel="next" href="{{url}}">{{title}}</a>{{/next}}
        {{/content}}{{/layout}}
        """,
        "section.mustache": """
        {{<layout}}{{$content}}
        <h1>{{page.title}}</h1>
        <ul>{{#section_pages}}<li><a href="{{url}}">{{title}}</a>{{#description}} – {{description}}{{/description}}</li>{{/section_pages}}</ul>
        {{/content}}{{/layout}}
        """,
        "404.mustache": "{{<layout}}{{$content}}<h1>{{page.title}}</h1>{{/content}}{{/layout}}",
        "403.mustache": "{{<layout}}{{$content}}<h1>{{page.title}}</h1>{{/content}}{{/layout}}",
        "signed-out.mustache": "{{<layout}}{{$content}}<h1>{{page.title}}</h1>{{/content}}{{/layout}}",
        "partials/head.mustache": "<title>{{page.title}} – {{site.title}}</title>",
        "partials/nav.mustache": "<ul>{{#nav}}{{> nav-item}}{{/nav}}</ul>",
        "partials/nav-item.mustache": """
        <li><a href="{{url}}"{{#is_current}} aria-current="page"{{/is_current}}>{{title}}</a>\
        {{#is_expanded}}<ul>{{#children}}{{> nav-item}}{{/children}}</ul>{{/is_expanded}}</li>
        """,
        "partials/breadcrumbs.mustache":
            "{{#has_breadcrumbs}}<ol>{{#breadcrumbs}}<li><a href=\"{{url}}\">{{title}}</a></li>{{/breadcrumbs}}</ol>\n{{/has_breadcrumbs}}",
        "partials/toc.mustache":
            "{{#page.has_toc}}<ul>{{#page.toc}}<li><a href=\"#{{id}}\">{{title}}</a></li>{{/page.toc}}</ul>\n{{/page.has_toc}}",
        "partials/footer.mustache": "<footer>{{{site.footer_html}}}</footer>",
    ]

    private static let pages = [
        "site.toml": """
        title = "Handbook"
        language = "de"
        footer = "Run by *ops*"
        """,
        "index.md": "---\ntitle: Welcome\n---\nStart with the [guide](guide/index.md).\n",
        "guide/index.md": "---\ntitle: Guide\ndescription: How to\n---\n",
        "guide/setup.md": """
        ---
        title: Setup
        date: 2026-11-22
        ---
        ## Install

        ## Proxy

        See [home](../index.md).
        """,
    ]

    @Test("A page renders to the expected HTML with nav, breadcrumbs, toc, date and prev/next")
    func pageHTML() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        let report = try site.build()
        #expect(report.pageCount == 3)
        #expect(
            site.output("guide/setup/index.html") == """
                <!DOCTYPE html>
                <html lang="de">
                <head><title>Setup – Handbook</title></head>
                <body>
                <nav><ul><li><a href="/guide/">Guide</a><ul><li><a href="/guide/setup/" aria-current="page">Setup</a></li></ul></li></ul></nav>
                <ol><li><a href="/">Welcome</a></li><li><a href="/guide/">Guide</a></li></ol>
                <main><h1>Setup</h1>
                <time datetime="2026-11-22">22 November 2026</time>
                <ul><li><a href="#install">Install</a></li><li><a href="#proxy">Proxy</a></li></ul>
                <h2 id="install">Install</h2>
                <h2 id="proxy">Proxy</h2>
                <p>See <a href="/">home</a>.</p>
                <a rel="prev" href="/guide/">Guide</a>

                </main>
                <footer>Run by <em>ops</em></footer></body>
                </html>

                """)
    }

    @Test("Section pages list their children; the home page is a section; 404.html is written")
    func sectionsAnd404() throws {
        let site = try TestSite(pages: Self.pages, templates: Self.templates)
        try site.build()
        #expect(
            site.output("guide/index.html")?.contains(
                "<main><h1>Guide</h1>\n<ul><li><a href=\"/guide/setup/\">Setup</a></li></ul>\n</main>") == true)
        #expect(
            site.output("index.html")?.contains("<ul><li><a href=\"/guide/\">Guide</a> – How to</li></ul>") == true)
        #expect(site.output("404.html")?.contains("<title>Page not found – Handbook</title>") == true)
        #expect(site.output("404.html")?.contains("<main><h1>Page not found</h1></main>") == true)
    }

    @Test("Pretty URLs: page.md → page/index.html, folder/index.md and _index.md → folder/index.html")
    func prettyURLs() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a.md": "", "b/_index.md": "", "b/c.md": "", "b/d/index.md": "", "My Page.md": "",
        ])
        let templates = ["page.mustache": "{{page.url}} {{page.source_path}}", "section.mustache": "{{page.url}}"]
        try site.write(templates, under: "templates")
        try site.build()
        #expect(
            site.outputFiles().keys.sorted() == [
                ".sitegen/access.json", "403.html", "404.html", "My Page/index.html", "a/index.html", "b/c/index.html",
                "b/d/index.html", "b/index.html", "index.html", "signed-out/index.html",
            ])
        #expect(site.output("b/c/index.html") == "/b/c/ b/c.md")
        #expect(site.output("My Page/index.html") == "/My%20Page/ My Page.md")
    }

    @Test("Title falls back from front matter to the first # heading to the file name")
    func titleFallback() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "a.md": "---\ntitle: From front matter\n---\n# Heading\n",
            "b.md": "## Not h1\n# From *heading*\n",
            "getting_started-now.md": "Just text.\n",
        ])
        try site.write(["page.mustache": "{{page.title}}"], under: "templates")
        try site.build()
        #expect(site.output("a/index.html") == "From front matter")
        #expect(site.output("b/index.html") == "From heading")
        #expect(site.output("getting_started-now/index.html") == "Getting started now")
    }

    @Test("Drafts are skipped unless drafts are included, and marked in the context")
    func drafts() throws {
        let site = try TestSite(pages: ["index.md": "", "wip.md": "---\ndraft: true\n---\n"])
        try site.write(["page.mustache": "draft={{page.draft}}"], under: "templates")
        let report = try site.build()
        #expect(report.pageCount == 1)
        #expect(site.output("wip/index.html") == nil)
        try site.build { $0.includeDrafts = true }
        #expect(site.output("wip/index.html") == "draft=true")
    }

    @Test("Aliases write redirect stubs with meta refresh, canonical link and noindex")
    func aliases() throws {
        let site = try TestSite(pages: [
            "site.toml": "base_url = \"https://docs.example.com/handbook\"",
            "index.md": "",
            "guide/setup.md": "---\naliases: [/old/setup/, install.html, legacy]\n---\n",
        ])
        let report = try site.build()
        #expect(report.aliasCount == 3)
        #expect(
            site.output("old/setup/index.html") == """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <title>Redirecting to /handbook/guide/setup/</title>
                <meta name="robots" content="noindex">
                <link rel="canonical" href="https://docs.example.com/handbook/guide/setup/">
                <meta http-equiv="refresh" content="0; url=/handbook/guide/setup/">
                </head>
                <body>
                <p>This page has moved to <a href="/handbook/guide/setup/" rel="canonical">/handbook/guide/setup/</a>.</p>
                </body>
                </html>

                """)
        #expect(site.output("install.html")?.contains("url=/handbook/guide/setup/") == true)
        #expect(site.output("legacy/index.html") != nil)
    }

    @Test("sitemap.xml is written only when base_url is set, and lists public pages only")
    func sitemap() throws {
        let site = try TestSite(pages: [
            "index.md": "", "a.md": "---\ndate: 2026-01-02\n---\n", "finance/q3.md": "---\naccess: signed-in\n---\n",
            "board.md": "---\naccess: { roles: [Board] }\n---\n",
        ])
        try site.build()
        #expect(site.output("sitemap.xml") == nil)
        try site.write(["site.toml": "base_url = \"https://example.com/\"\naccess = \"public\""], under: "site")
        try site.build()
        #expect(
            site.output("sitemap.xml") == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>https://example.com/</loc></url>
                  <url><loc>https://example.com/a/</loc><lastmod>2026-01-02</lastmod></url>
                  <url><loc>https://example.com/finance/</loc></url>
                </urlset>

                """)
    }
}
