import AccessRules
import Foundation

/// The settings of `site.toml` at the site root, with the defaults a missing file means.
struct SiteConfig: Sendable {
    var title = "Documentation"
    /// Where the site is served, e.g. `https://docs.example.com/guide/`; may be empty.
    var baseURL = ""
    var language = "en"
    /// Footer text in inline Markdown.
    var footer = ""
    /// The `[params]` table, handed to templates as `site.params`.
    var params: [String: TemplateValue] = [:]
    /// Whom to ask for access, for the 403 page; may be empty.
    var contact = ""
    /// The rule of pages that neither set one nor sit in a section that does; nil when `access` is not set.
    var access: AccessRule?
    /// Rules given to single files in `[file_access]`, by path below the site folder (`guide/payroll.xlsx`),
    /// with the line each is on. They win over the rule a file would take from its folder or the pages linking it.
    var fileAccess: [String: (rule: AccessRule, line: Int?)] = [:]
    /// Top-level sections in the order to list them, by folder or page name, with the line they are on.
    var navOrder: [(name: String, line: Int?)] = []
    /// False when `search = false`: the site is built without a search index and its pages without a search field.
    var search = true
    /// `last_changed`: where a page's last change date comes from, "git" (the last commit touching its file)
    /// or "file" (its modification time); nil shows none.
    var lastChanged: String?
    /// `edit_url`: where to edit a page, with `{path}` for its file below the site folder; "" shows no link.
    var editURL = ""
    /// `mermaid`: the site's own mermaid script, below the site folder.
    var mermaidScript = "assets/mermaid.min.js"
    /// `[server] includes`: what the web server runs in pages, and so how pages greet the reader and guard links.
    var includes = ServerIncludes.nginx
    /// Not from `site.toml`: what a Jekyll source's `_config.yml` excludes (`JekyllSource.Config`), which Load
    /// content leaves out.
    var jekyllExcludes: [String] = []
    /// Not from `site.toml`: MkDocs's `mkdocs.yml` beside the site folder, when it builds the site folder.
    var mkdocs: MkDocsConfig?
    /// Not from `site.toml`: the callouts a Jekyll source's `_config.yml` defines (`JekyllCallout`).
    var jekyllCallouts: [String: JekyllCallout] = [:]
    /// Not from `site.toml`: whether the site folder is a Jekyll source (`_config.yml`), whose pages take Liquid's
    /// includes.
    var jekyllSource = false
    /// What the project's own tool makes of its Markdown: the extensions of `mkdocs.yml` and the callouts of
    /// `_config.yml`.
    var markdownDialect: MarkdownDialect {
        var dialect = mkdocs?.dialect ?? MarkdownDialect()
        dialect.callouts = jekyllCallouts
        dialect.liquidIncludes = jekyllSource
        return dialect
    }
    /// What of the config changes how Markdown renders, for the page store, whose summaries are kept only while it
    /// is the same (`MarkdownDialect`).
    var markdownSettings: String {
        markdownDialect.settings
    }
    /// Not from `site.toml`: the files outside the site folder that this config was read from, MkDocs's
    /// `mkdocs.yml` and mdBook's `book.toml`, which Check build cache stamps as it does `site.toml`.
    var filesBesideSite: [String] = []

    /// The site root's URL path: "/" or the path of `baseURL`, e.g. "/docs/".
    var rootURL: String {
        guard let schemeEnd = baseURL.range(of: "://") else { return "/" }
        let afterHost = baseURL[schemeEnd.upperBound...]
        guard let slash = afterHost.firstIndex(of: "/") else { return "/" }
        let path = String(afterHost[slash...])
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// `baseURL` without its path, e.g. `https://docs.example.com`, for absolute links in the sitemap.
    var origin: String {
        guard let schemeEnd = baseURL.range(of: "://") else { return "" }
        let afterHost = baseURL[schemeEnd.upperBound...]
        guard let slash = afterHost.firstIndex(of: "/") else { return baseURL }
        return String(baseURL[..<slash])
    }
}
