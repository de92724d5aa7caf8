import AccessRules

/// The navigation one page shows, pruned: the top level always, and the children of only those
/// sections on the path from the home page to this page. Never the whole tree, which would make
/// the site's size grow with the square of its page count.
///
/// A link that a reader of the current page might not be allowed to open carries `access_rule`, the number
/// of the linked page's rule in the access manifest (`signed-in` included), and `access_condition`, the SSI
/// expression nginx finds true for readers who may open it, so the theme can wrap it in a condition that
/// drops it for everyone else. Every other link carries both too, empty: links to public pages, and links
/// to pages whose rule the current page's rule implies (`AccessRule.implies`), since every reader nginx
/// serves the current page to may open those; a site with one rule writes no condition in its navigation.
/// For a server without includes (`ServerIncludes.none`) nothing can be guarded: links that would need a
/// condition are left out (nav entries, cards, previous and next), or, where the nav or the breadcrumbs need
/// the place (a section on the way to the current page), kept with `is_hidden` and no title or address.
/// Empty rather than missing, because a public page's entry inside a restricted section's entry would
/// otherwise find the section's values, and be hidden from readers who may open it. What a page shows
/// depends on the rule of its readers, so the shared parts below are built once per link and kind of
/// link (plain or guarded), and each section's slotted nav once per rule of the pages that show it.
///
/// Every page's collapsed nav entry (neither current nor on the path to the current page) and link are built
/// once, when a page first shows them, and shared by all the pages that show them; a page builds only the entries
/// on its own path, and a section's page the cards of its children, which no other page shows. With a theme that
/// allows it (see `PartialReuse`), collapsed entries are rendered once, each section's nav once, with slots for its
/// pages' entries, and cards are pasted.
struct PageNavigation: Sendable {
    /// The fields of every nav entry, as the theme contract lists them.
    static let entryFieldNames: Set<String> = [
        "title", "url", "is_current", "is_ancestor", "is_section", "is_expanded", "has_children", "children",
        "access_rule", "access_condition", "is_hidden", "is_more",
    ]
    /// The fields of every entry of `section_pages`, as the theme contract lists them.
    static let cardFieldNames: Set<String> = [
        "title", "url", "is_section", "description", "date_display", "access_rule", "access_condition", "is_hidden",
    ]

    let tree: NavigationTree
    let pages: [Page]
    let access: SiteAccess
    let includes: ServerIncludes
    /// Each page's collapsed nav entry and its `{title, url, access_rule, access_condition}` for breadcrumbs and
    /// previous/next, plain and guarded: built the first time a page shows them, then shared by every page that
    /// does, so a build that renders few pages builds few.
    private let shared: [Bool: [LazyValue<SharedNodes>]]
    private let renderers: Renderers
    /// The sections whose pages paste a slotted nav.
    private let slottedSections: Set<Int>
    /// Each section's slotted nav for the readers of one rule, rendered when the first page needs it.
    private let slotted = LazyTable<SlotKey, SlottedNav?>()

    private struct SlotKey: Hashable, Sendable {
        let section: Int
        let reader: Int
    }

    /// The theme's `nav-item`, `nav` and `card` partials as the theme wrote them, when it allows reusing them.
    struct Renderers: Sendable {
        var entry: (@Sendable (TemplateNode) -> String)?
        var nav: (@Sendable (TemplateNode) -> String)?
        var card: (@Sendable (TemplateNode) -> String)?
        /// The `site` object that `nav` may read.
        var site: TemplateNode
    }

    init(
        tree: NavigationTree, pages: [Page], access: SiteAccess, includes: ServerIncludes = .nginx,
        renderers: Renderers
    ) {
        self.tree = tree
        self.pages = pages
        self.access = access
        self.includes = includes
        self.renderers = renderers
        shared = [false: pages.indices.map { _ in LazyValue() }, true: pages.indices.map { _ in LazyValue() }]
        slottedSections = renderers.nav == nil ? [] : Set(pages.indices.filter { !tree.children[$0].isEmpty })
    }

    private struct SharedNodes: Sendable {
        let entry: TemplateNode
        let link: TemplateNode
    }

    /// The rule number readers of page `index` have: nginx serves the page only to readers its rule admits.
    func reader(ofPage index: Int) -> Int {
        access.pageRuleNumbers[index]
    }

    /// How a link to page `index` is guarded for readers under rule number `reader`.
    private func guarding(_ index: Int, reader: Int) -> LinkGuard {
        LinkGuard(
            rule: access.guardedRuleID(ofPage: index, forReadersOf: reader),
            isSignedIn: access.pageRules[index].rule == .signedIn, includes: includes)
    }

    /// Whether pages under rule number `reader` show a link to page `index`: unless the link would be hidden,
    /// which only a server without includes needs.
    private func isListed(_ index: Int, reader: Int) -> Bool {
        includes.writesSSI || !guarding(index, reader: reader).isHidden
    }

    private func nodes(of index: Int, reader: Int) -> SharedNodes {
        let guarding = guarding(index, reader: reader)
        return shared[guarding.rule != nil]![index].value {
            let paste = renderers.entry.map(PartialReuse.navItem.field(rendering:))
            return SharedNodes(
                entry: TemplateNode(
                    Self.entryFields(for: index, pages: pages, tree: tree, guarding: guarding),
                    derived: paste.map { [$0] } ?? []),
                link: TemplateNode(Self.linkFields(for: index, pages: pages, guarding: guarding)))
        }
    }

    /// `nav` for page `current` as readers under rule number `reader` see it: the home page's children,
    /// expanded along the path to `current`.
    func navItems(for current: Int, reader: Int) -> TemplateValue {
        let path = tree.ancestors(of: current).dropFirst() + [current]
        return .list(items(under: tree.home, path: path, current: current, reader: reader))
    }

    /// What the `nav` partial renders for page `current`: its section's slotted nav, filled. Nil when
    /// the theme does not allow it or an entry cannot be pasted; the partial then renders in place.
    func navHTML(for current: Int) -> String? {
        let reader = reader(ofPage: current)
        guard let renderEntry = renderers.entry,
            let template = slottedNav(of: tree.parent[current] ?? tree.home, reader: reader)
        else { return nil }
        guard current != tree.home else { return template.filled { collapsedHTML(of: $0, reader: reader) } }
        let children =
            pages[current].source.isSection ? items(under: current, path: [], current: current, reader: reader) : []
        guard
            let own = renderedEntry(current, state: .current, children: children, reader: reader, render: renderEntry)
        else { return nil }
        return template.filled { $0 == current ? own : collapsedHTML(of: $0, reader: reader) }
    }

    /// The nav of the pages of `section` as readers under rule number `reader` see it, with a slot for each of
    /// its children's entries: the nav of its own section with the section's entry expanded around the slots,
    /// or, for the home page, the theme's `nav` partial around a slot for each top-level entry.
    private func slottedNav(of section: Int, reader: Int) -> SlottedNav? {
        guard slottedSections.contains(section), !tree.isWide(section), let renderEntry = renderers.entry,
            let renderNav = renderers.nav
        else { return nil }
        return slotted.value(for: SlotKey(section: section, reader: reader)) {
            let entries = tree.children[section].filter { isListed($0, reader: reader) }
            let slots = entries.map { index in
                let marker = DerivedField(name: PartialReuse.navItem.field) { _ in SlottedNav.marker(index) }
                let fields = Self.entryFields(
                    for: index, pages: pages, tree: tree, guarding: guarding(index, reader: reader))
                return TemplateValue.node(TemplateNode(fields, derived: [marker]))
            }
            guard let parent = tree.parent[section] else {
                let html = renderNav(TemplateNode(["nav": .list(slots), "site": .node(renderers.site)]))
                return SlottedNav(html: html, entries: entries)
            }
            // A section shown hidden on the way to its pages has no slot in its parent's nav: render in place.
            guard isListed(section, reader: reader), let outer = slottedNav(of: parent, reader: reader),
                let own = renderedEntry(
                    section, state: .ancestor, children: slots, reader: reader, render: renderEntry),
                let html = outer.filled({ $0 == section ? own : collapsedHTML(of: $0, reader: reader) })
            else { return nil }
            return SlottedNav(html: html, entries: entries)
        }
    }

    /// The HTML of page `index`'s entry in `state`, rendered by the theme's `nav-item`; nil when it cannot be pasted.
    private func renderedEntry(
        _ index: Int, state: EntryState, children: [TemplateValue], reader: Int, render: (TemplateNode) -> String
    ) -> String? {
        let fields = Self.entryFields(
            for: index, pages: pages, tree: tree, guarding: guarding(index, reader: reader), state: state,
            children: children)
        return PartialReuse.pasteable(render(TemplateNode(fields)))
    }

    private func collapsedHTML(of index: Int, reader: Int) -> String? {
        nodes(of: index, reader: reader).entry.child(named: PartialReuse.navItem.field) as? String
    }

    /// The entries of the children of `section` the nav shows (see `NavigationWindow`): those on `path` (which
    /// starts below `section`) expanded towards `current`, the others collapsed, and, where a wide section's
    /// window leaves children out, an entry with `is_more` that links the section's page.
    private func items(under section: Int, path: ArraySlice<Int>, current: Int, reader: Int) -> [TemplateValue] {
        let window = tree.window(of: section, around: path.first)
        let shown = window.entries.filter { $0 == path.first || isListed($0, reader: reader) }
        let entries: [TemplateValue] = shown.map { index in
            guard index == path.first else { return .node(nodes(of: index, reader: reader).entry) }
            let isSection = pages[index].source.isSection
            let children =
                isSection ? items(under: index, path: path.dropFirst(), current: current, reader: reader) : []
            let state = index == current ? EntryState.current : .ancestor
            let fields = Self.entryFields(
                for: index, pages: pages, tree: tree, guarding: guarding(index, reader: reader), state: state,
                children: children)
            return TemplateValue.node(TemplateNode(fields))
        }
        guard window.hidesBefore || window.hidesAfter, isListed(section, reader: reader) else { return entries }
        let more = TemplateValue.node(
            TemplateNode(Self.moreFields(for: section, pages: pages, guarding: guarding(section, reader: reader))))
        return (window.hidesBefore ? [more] : []) + entries + (window.hidesAfter ? [more] : [])
    }

    /// `breadcrumbs`: from the home page down to the parent of `current`; a public page below a restricted
    /// section must not show that section's title to readers who may not open it.
    func breadcrumbs(for current: Int) -> [TemplateValue] {
        let reader = reader(ofPage: current)
        return tree.ancestors(of: current).map { .node(nodes(of: $0, reader: reader).link) }
    }

    /// `prev`: the page before `current` in reading order, unless the link to it is hidden.
    func previous(of current: Int) -> TemplateValue? {
        neighbour(tree.previous(of: current), of: current)
    }

    /// `next`: the page after `current` in reading order, unless the link to it is hidden.
    func next(of current: Int) -> TemplateValue? {
        neighbour(tree.next(of: current), of: current)
    }

    private func neighbour(_ index: Int?, of current: Int) -> TemplateValue? {
        let reader = reader(ofPage: current)
        guard let index, isListed(index, reader: reader) else { return nil }
        return .node(nodes(of: index, reader: reader).link)
    }

    /// `section_pages`: a section's direct children in navigation order, as cards.
    func sectionPages(of section: Int) -> [TemplateValue] {
        let reader = reader(ofPage: section)
        return tree.children[section].filter { isListed($0, reader: reader) }.map { child in
            .node(
                TemplateNode(
                    Self.cardFields(for: child, pages: pages, guarding: guarding(child, reader: reader)),
                    derived: renderers.card.map { [PartialReuse.card.field(rendering: $0)] } ?? []))
        }
    }

    /// The digest of everything other pages show of page `index`: the fields of its nav entry, its link in
    /// breadcrumbs and the pager, and its card in its section's list (see `RenderKeys`). Made from what
    /// those fields are made of, which is all `entryFields` (collapsed, as other pages show it), `linkFields`
    /// and `cardFields` read, without building them: every build does this for every page. Its rule stands for
    /// both what a guarded link's condition names (the rule's id) and whether a link is guarded, which depends on
    /// what the rule admits; rule numbers, which another rule can move, are in no page.
    func shownDigest(of index: Int) -> SHA256.Digest {
        let page = pages[index]
        var writer = ByteWriter(capacity: 256)
        writer.string(page.title)
        writer.optional(page.frontMatter.navTitle) { $0.string($1) }
        writer.string(page.url)
        writer.bool(page.source.isSection)
        writer.bool(!tree.children[index].isEmpty)
        writer.string(page.frontMatter.description)
        writer.optional(page.frontMatter.date) { $0.string($1.display) }
        writer.value(access.pageRules[index].rule)
        return SHA256.digest(writer.bytes)
    }
}
