import AccessRules
import Foundation

/// Builds the context every page template sees, exactly as the theme contract describes it.
///
/// Empty optional strings (a missing description or date) are left out rather than set to "",
/// so templates can test them with `{{#page.description}}…{{/page.description}}`.
/// The site and the navigation's shared parts are built once, in `init`, for every page.
/// The templates' reused partials (see `PartialReuse`) are rendered into the contexts that paste them; in a
/// `BuildSession`, cards the last builds rendered are pasted again (`cards`).
struct PageContext: Sendable {
    let site: TemplateNode
    let pages: [Page]
    let tree: NavigationTree
    let access: SiteAccess
    /// What the web server runs in pages (`[server] includes`).
    let includes: ServerIncludes
    private let navigation: PageNavigation
    private let renderToc: (@Sendable (TemplateNode) -> String)?
    private let pastesNav: Bool
    private let pastesCards: Bool
    /// Each page's language, by index.
    private let languages: [String]
    /// Each page's last change, by file path, when `last_changed` is set.
    private let lastChanged: [String: SiteDate]
    /// `site.toml`'s `edit_url`, with `{path}` where a page's path goes; "" when the site sets none.
    let editURLPattern: String

    static let generator = "sitegen \(SiteBuilder.version)"

    init(
        config: SiteConfig, pages: [Page], tree: NavigationTree, access: SiteAccess, templates: TemplateSet,
        searchLayout: SearchLayout?, lastChanged: [String: SiteDate] = [:], mermaidURL: String? = nil,
        cards: RenderedCards? = nil
    ) {
        var fields: [String: TemplateValue] = [
            "title": .string(config.title),
            "language": .string(config.language),
            "root_url": .string(config.rootURL),
            "params": .object(config.params),
            "generator": .string(Self.generator),
            "ssi": .bool(config.includes.writesSSI),
            "includes": .string(config.includes.rawValue),
        ]
        fields["base_url"] = .text(config.baseURL)
        fields["mermaid_url"] = mermaidURL.map(TemplateValue.string)
        fields["footer_html"] = .text(InlineMarkdown.html(config.footer))
        fields["contact"] = .text(config.contact)
        fields["search"] = searchLayout.map { layout in
            .object(["url": .string(config.rootURL + SearchIndex.folder), "parts": .string(layout.list)])
        }
        site = TemplateNode(fields)
        languages = Self.languages(of: pages, tree: tree, site: config.language)
        self.lastChanged = lastChanged
        editURLPattern = config.editURL
        self.pages = pages
        self.tree = tree
        self.access = access
        includes = config.includes
        let renderCard = templates.renderer(for: .card).map { render in
            cards?.renderer(
                partial: templates.digests.digest(of: PartialReuse.card.partial),
                pageCount: pages.count, rendering: render) ?? render
        }
        let renderers = PageNavigation.Renderers(
            entry: templates.renderer(for: .navItem), nav: templates.renderer(for: .nav), card: renderCard, site: site)
        navigation = PageNavigation(
            tree: tree, pages: pages, access: access, includes: config.includes, renderers: renderers)
        pastesNav = renderers.nav != nil
        pastesCards = renderCard != nil
        renderToc = templates.renderer(for: .toc)
    }

    /// The full context of page `index`, whose Markdown rendered to `html`: site, page, pruned nav,
    /// breadcrumbs, prev/next, section pages.
    func context(for index: Int, html: String) -> TemplateNode {
        let page = pages[index]
        let breadcrumbs = navigation.breadcrumbs(for: index)
        let pageNode = Self.pageNode(
            page, html: html, isHome: index == tree.home, rule: access.pageRules[index].rule,
            language: language(of: index), history: history(of: page))
        var fields: [String: TemplateValue] = [
            "site": .node(site),
            "page": .node(pageNode),
            "nav": navigation.navItems(for: index, reader: navigation.reader(ofPage: index)),
            "breadcrumbs": .list(breadcrumbs),
            "has_breadcrumbs": .bool(!breadcrumbs.isEmpty),
        ]
        fields["prev"] = navigation.previous(of: index)
        fields["next"] = navigation.next(of: index)
        var derived = renderToc.map { [PartialReuse.toc.field(rendering: $0)] } ?? []
        if page.source.isSection {
            let cards = navigation.sectionPages(of: index)
            fields["section_pages"] = .list(cards)
            if pastesCards { derived.append(Self.cardList(cards)) }
        }
        if pastesNav {
            let navigation = navigation
            derived.append(DerivedField(name: PartialReuse.nav.field) { _ in navigation.navHTML(for: index) })
        }
        return TemplateNode(fields, derived: derived)
    }

    /// `PartialReuse.cardList` pasted: every card of `cards` pasted (see `PartialReuse.card`), one after the other;
    /// nil when one cannot be.
    private static func cardList(_ cards: [TemplateValue]) -> DerivedField {
        DerivedField(name: PartialReuse.cardListField) { _ in
            var html = ""
            for case .node(let card) in cards {
                guard let pasted = card.child(named: PartialReuse.card.field) as? String else { return nil }
                html += pasted
            }
            return html
        }
    }

    /// The day `page`'s file last changed, when the site sets `last_changed`.
    func lastChange(of page: Page) -> SiteDate? {
        lastChanged[page.source.path]
    }

    /// `last_changed`, `last_changed_display` and `edit_url` of a page with a file, when the site sets them.
    private func history(of page: Page) -> [String: TemplateValue] {
        guard page.source.kind != .implicitSection else { return [:] }
        var fields: [String: TemplateValue] = [:]
        if let changed = lastChange(of: page) {
            fields["last_changed"] = .string(changed.iso)
            fields["last_changed_display"] = .string(changed.display)
        }
        fields["edit_url"] = editURL(of: page).map(TemplateValue.string)
        return fields
    }

    /// Where to edit `page`'s file, when the site sets `edit_url`.
    func editURL(of page: Page) -> String? {
        guard !editURLPattern.isEmpty, page.source.kind != .implicitSection else { return nil }
        return editURLPattern.replacingOccurrences(of: "{path}", with: OutputPath.percentEncoded(page.source.path))
    }

    /// The language of page `index`: its own front matter `language:`, else that of the nearest section page
    /// above it that has one, else `site.toml`'s.
    func language(of index: Int) -> String {
        languages[index]
    }

    /// Each page's language (see `language(of:)`), worked out for every page at once: a section before its pages,
    /// each of which takes its section's unless it names its own.
    private static func languages(of pages: [Page], tree: NavigationTree, site: String) -> [String] {
        var languages: [String?] = Array(repeating: nil, count: pages.count)
        for index in tree.readingOrder {
            languages[index] = pages[index].language ?? tree.parent[index].flatMap { languages[$0] } ?? site
        }
        // Every page is below the home page, in the reading order; should one not be, it looks up its sections.
        return languages.indices.map { index in
            languages[index]
                ?? ([index] + tree.ancestors(of: index).reversed()).lazy.compactMap { pages[$0].language }.first
                ?? site
        }
    }

    /// The digest of everything other pages show of page `index`; see `PageNavigation.shownDigest(of:)`.
    func shownDigest(of index: Int) -> SHA256.Digest {
        navigation.shownDigest(of: index)
    }

    /// The context of a special page such as `404.html`: the top-level navigation, nothing marked current,
    /// as a public page shows it.
    func specialPageContext(_ special: SpecialPage, rootURL: String) -> TemplateNode {
        let page: [String: TemplateValue] = [
            "title": .string(special.title),
            "url": .string(OutputPath.url(ofRoute: special.routePath, root: rootURL)),
            "url_query": .string(Self.queryValue(OutputPath.url(ofRoute: special.routePath, root: rootURL))),
            "is_home": .bool(false),
            "is_section": .bool(false),
            "draft": .bool(false),
            "tags": .list([]),
            "toc": .list([]),
            "has_toc": .bool(false),
            "params": .object([:]),
            "reading_minutes": .int(1),
            "access": .string(AccessRule.public.summary),
            "is_public": .bool(true),
        ]
        return TemplateNode([
            "site": .node(site),
            "page": .object(page),
            "nav": navigation.navItems(for: tree.home, reader: access.publicRuleNumber),
            "breadcrumbs": .list([]),
            "has_breadcrumbs": .bool(false),
        ])
    }

    /// `url` as the value of a query parameter (`/.auth/login?rd=…`), which sitegen-auth decodes once: every
    /// character but letters, digits, `-._~` and `/` percent-encoded, `%` of the address's own escapes included.
    static func queryValue(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: queryValueCharacters) ?? url
    }

    private static let queryValueCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/")

    private static func pageNode(
        _ page: Page, html: String, isHome: Bool, rule: AccessRule, language: String,
        history: [String: TemplateValue]
    ) -> TemplateNode {
        let matter = page.frontMatter
        let markdown = page.markdown
        let tocCount = markdown.toc.reduce(0) { $0 + 1 + $1.children.count }
        var fields: [String: TemplateValue] = [
            "title": .string(page.title),
            "url": .string(page.url),
            "url_query": .string(Self.queryValue(page.url)),
            "is_home": .bool(isHome),
            "is_section": .bool(page.source.isSection),
            "draft": .bool(matter.isDraft),
            "tags": .list(matter.tags.map(TemplateValue.string)),
            "toc": .list(markdown.toc.map(\.templateValue)),
            "has_toc": .bool(tocCount >= 2),
            "params": .object(matter.params),
            "reading_minutes": .int(max(1, markdown.wordCount / 220)),
            "access": .string(rule.summary),
            "is_public": .bool(rule == .public),
            "language": .string(language),
            "has_mermaid": .bool(markdown.hasMermaid),
        ]
        fields["description"] = .text(matter.description)
        fields["date"] = matter.date.map { .string($0.iso) }
        fields["date_display"] = matter.date.map { .string($0.display) }
        fields["content_html"] = html.isEmpty ? nil : .digested(html, markdown.contentDigest)
        fields["title_id"] = markdown.titleID.map(TemplateValue.string)
        fields["source_path"] = page.source.kind == .implicitSection ? nil : .string(page.source.path)
        fields.merge(history) { _, new in new }
        return TemplateNode(fields)
    }
}
