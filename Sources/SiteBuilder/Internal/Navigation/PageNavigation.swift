import AccessRules

/// The navigation one page shows, pruned: the top level always, and the children of only those
/// sections on the path from the home page to this page. Never the whole tree, which would make
/// the site's size grow with the square of its page count.
///
/// Links to pages that are not public carry `access_rule`, the number of the page's rule in the access
/// manifest (`signed-in` included), and `access_condition`, the SSI expression nginx finds true for readers
/// who may open the page, so the theme can wrap them in conditions that drop them for everyone else. Links
/// to public pages carry both too, empty: a public page's entry inside a restricted section's entry would
/// otherwise find the section's values, and be hidden from readers who may open it.
///
/// Every page's collapsed nav entry (neither current nor on the path to the current page), link and
/// section card is built once, when a page first shows it, and shared by all the pages that show it; a
/// page builds only the entries on its own path. With a theme that allows it (see `PartialReuse`), collapsed
/// entries are rendered once, and each section's nav once, with slots for its pages' entries.
struct PageNavigation: Sendable {
    /// The fields of every nav entry, as the theme contract lists them.
    static let entryFieldNames: Set<String> = [
        "title", "url", "is_current", "is_ancestor", "is_section", "is_expanded", "has_children", "children",
        "access_rule", "access_condition",
    ]

    let tree: NavigationTree
    let pages: [Page]
    let access: SiteAccess
    /// Each page's collapsed nav entry, its `{title, url, access_rule, access_condition}` for breadcrumbs and
    /// previous/next, and its entry in its section's `section_pages`: built the first time a page shows
    /// them, then shared by every page that does, so a build that renders few pages builds few of them.
    private let shared: [LazyValue<SharedNodes>]
    private let renderers: Renderers
    /// Each section's slotted nav, rendered when the first of its pages needs it.
    private let slotted: [Int: LazyValue<SlottedNav?>]

    /// The theme's `nav-item` and `nav` partials as the theme wrote them, when it allows reusing them.
    struct Renderers: Sendable {
        var entry: (@Sendable (TemplateNode) -> String)?
        var nav: (@Sendable (TemplateNode) -> String)?
        /// The `site` object that `nav` may read.
        var site: TemplateNode
    }

    init(tree: NavigationTree, pages: [Page], access: SiteAccess, renderers: Renderers) {
        self.tree = tree
        self.pages = pages
        self.access = access
        self.renderers = renderers
        shared = pages.indices.map { _ in LazyValue<SharedNodes>() }
        let sections = renderers.nav == nil ? [] : pages.indices.filter { !tree.children[$0].isEmpty }
        slotted = Dictionary(uniqueKeysWithValues: sections.map { ($0, LazyValue<SlottedNav?>()) })
    }

    private struct SharedNodes: Sendable {
        let entry: TemplateNode
        let link: TemplateNode
        let card: TemplateNode
    }

    private func nodes(of index: Int) -> SharedNodes {
        shared[index].value {
            let paste = renderers.entry.map(PartialReuse.navItem.field(rendering:))
            return SharedNodes(
                entry: TemplateNode(
                    Self.entryFields(for: index, pages: pages, tree: tree, access: access),
                    derived: paste.map { [$0] } ?? []),
                link: TemplateNode(Self.linkFields(for: index, pages: pages, access: access)),
                card: TemplateNode(Self.cardFields(for: index, pages: pages, access: access)))
        }
    }

    /// Fields are written as pairs in a fixed order, without building or sorting a dictionary. What the
    /// fields of other pages' entries, links and cards are made from is hashed by `shownDigest(of:)`:
    /// a field made from anything else must add it there, or pages showing it would not be rendered again.
    typealias Fields = KeyValuePairs<String, TemplateValue>

    private static func linkFields(for index: Int, pages: [Page], access: SiteAccess) -> Fields {
        [
            "title": .string(pages[index].title), "url": .string(pages[index].url),
            "access_rule": accessRule(of: index, access: access),
            "access_condition": accessCondition(of: index, access: access),
        ]
    }

    /// Empty fields are present too, so that a card never shows a value of an enclosing object.
    private static func cardFields(for index: Int, pages: [Page], access: SiteAccess) -> Fields {
        let page = pages[index]
        return [
            "title": .string(page.title),
            "url": .string(page.url),
            "is_section": .bool(page.source.isSection),
            "description": .text(page.frontMatter.description) ?? .null,
            "date_display": page.frontMatter.date.map { .string($0.display) } ?? .null,
            "access_rule": accessRule(of: index, access: access),
            "access_condition": accessCondition(of: index, access: access),
        ]
    }

    /// `nav`: the home page's children, expanded along the path to `current`.
    func navItems(for current: Int) -> TemplateValue {
        .list(items(under: tree.home, path: tree.ancestors(of: current).dropFirst() + [current], current: current))
    }

    /// What the `nav` partial renders for page `current`: its section's slotted nav, filled. Nil when
    /// the theme does not allow it or an entry cannot be pasted; the partial then renders in place.
    func navHTML(for current: Int) -> String? {
        guard let renderEntry = renderers.entry, let template = slottedNav(of: tree.parent[current] ?? tree.home) else {
            return nil
        }
        guard current != tree.home else { return template.filled { collapsedHTML(of: $0) } }
        let children = pages[current].source.isSection ? items(under: current, path: [], current: current) : []
        guard let own = renderedEntry(current, state: .current, children: children, render: renderEntry) else {
            return nil
        }
        return template.filled { $0 == current ? own : collapsedHTML(of: $0) }
    }

    /// The nav of the pages of `section`, with a slot for each of its children's entries: the nav of
    /// its own section with the section's entry expanded around the slots, or, for the home page, the
    /// theme's `nav` partial around a slot for each top-level entry.
    private func slottedNav(of section: Int) -> SlottedNav? {
        guard let lazy = slotted[section], let renderEntry = renderers.entry, let renderNav = renderers.nav else {
            return nil
        }
        return lazy.value {
            let entries = tree.children[section]
            let slots = entries.map { index in
                let marker = DerivedField(name: PartialReuse.navItem.field) { _ in SlottedNav.marker(index) }
                let fields = Self.entryFields(for: index, pages: pages, tree: tree, access: access)
                return TemplateValue.node(TemplateNode(fields, derived: [marker]))
            }
            guard let parent = tree.parent[section] else {
                let html = renderNav(TemplateNode(["nav": .list(slots), "site": .node(renderers.site)]))
                return SlottedNav(html: html, entries: entries)
            }
            guard let outer = slottedNav(of: parent),
                let own = renderedEntry(section, state: .ancestor, children: slots, render: renderEntry),
                let html = outer.filled({ $0 == section ? own : collapsedHTML(of: $0) })
            else { return nil }
            return SlottedNav(html: html, entries: entries)
        }
    }

    /// The HTML of page `index`'s entry in `state`, rendered by the theme's `nav-item`; nil when it cannot be pasted.
    private func renderedEntry(
        _ index: Int, state: EntryState, children: [TemplateValue], render: (TemplateNode) -> String
    ) -> String? {
        let fields = Self.entryFields(
            for: index, pages: pages, tree: tree, access: access, state: state, children: children)
        return PartialReuse.pasteable(render(TemplateNode(fields)))
    }

    private func collapsedHTML(of index: Int) -> String? {
        nodes(of: index).entry.child(named: PartialReuse.navItem.field) as? String
    }

    /// The entries of the children of `section`: those on `path` (which starts below `section`)
    /// expanded towards `current`, the others collapsed.
    private func items(under section: Int, path: ArraySlice<Int>, current: Int) -> [TemplateValue] {
        tree.children[section].map { index in
            guard index == path.first else { return .node(nodes(of: index).entry) }
            let isSection = pages[index].source.isSection
            let children = isSection ? items(under: index, path: path.dropFirst(), current: current) : []
            let state = index == current ? EntryState.current : .ancestor
            let fields = Self.entryFields(
                for: index, pages: pages, tree: tree, access: access, state: state, children: children)
            return .node(TemplateNode(fields))
        }
    }

    private enum EntryState {
        case collapsed, ancestor, current
    }

    private static func entryFields(
        for index: Int, pages: [Page], tree: NavigationTree, access: SiteAccess, state: EntryState = .collapsed,
        children: [TemplateValue] = []
    ) -> Fields {
        let page = pages[index]
        return [
            "title": .string(page.title),
            "url": .string(page.url),
            "is_current": .bool(state == .current),
            "is_ancestor": .bool(state == .ancestor),
            "is_section": .bool(page.source.isSection),
            "is_expanded": .bool(state != .collapsed && page.source.isSection),
            "has_children": .bool(!tree.children[index].isEmpty),
            "children": .list(children),
            "access_rule": accessRule(of: index, access: access),
            "access_condition": accessCondition(of: index, access: access),
        ]
    }

    /// `access_rule` of page `index`: its rule's number unless it is public, else present but empty.
    private static func accessRule(of index: Int, access: SiteAccess) -> TemplateValue {
        access.guardedRuleNumber(ofPage: index).map(TemplateValue.int) ?? .null
    }

    /// `access_condition` of page `index`: for `signed-in`, whether the reader is signed in (a plain test,
    /// which nginx evaluates at about twice the speed of the regular expression a numbered rule needs); for
    /// other rules, whether the reader passes rule N; empty for public pages.
    private static func accessCondition(of index: Int, access: SiteAccess) -> TemplateValue {
        guard let number = access.guardedRuleNumber(ofPage: index) else { return .null }
        if access.pageRules[index].rule == .signedIn { return .string("$sitegen_user") }
        return .string("$sitegen_access = /,\(number),/")
    }

    /// `breadcrumbs`: from the home page down to the parent of `current`; a public page below a restricted
    /// section must not show that section's title to readers who may not open it.
    func breadcrumbs(for current: Int) -> [TemplateValue] {
        tree.ancestors(of: current).map { .node(nodes(of: $0).link) }
    }

    func previous(of current: Int) -> TemplateValue? {
        tree.previous(of: current).map { .node(nodes(of: $0).link) }
    }

    func next(of current: Int) -> TemplateValue? {
        tree.next(of: current).map { .node(nodes(of: $0).link) }
    }

    /// `section_pages`: a section's direct children in navigation order.
    func sectionPages(of section: Int) -> [TemplateValue] {
        tree.children[section].map { .node(nodes(of: $0).card) }
    }

    /// The digest of everything other pages show of page `index`: the fields of its nav entry, its link in
    /// breadcrumbs and the pager, and its card in its section's list (see `RenderKeys`). Made from what
    /// those fields are made of, which is all `entryFields` (collapsed, as other pages show it), `linkFields`
    /// and `cardFields` read, without building them: every build does this for every page.
    func shownDigest(of index: Int) -> SHA256.Digest {
        let page = pages[index]
        var writer = ByteWriter(capacity: 256)
        writer.string(page.title)
        writer.string(page.url)
        writer.bool(page.source.isSection)
        writer.bool(!tree.children[index].isEmpty)
        writer.string(page.frontMatter.description)
        writer.optional(page.frontMatter.date) { $0.string($1.display) }
        writer.optional(access.guardedRuleNumber(ofPage: index)) { $0.int($1) }
        writer.bool(access.pageRules[index].rule == .signedIn)
        return SHA256.digest(writer.bytes)
    }
}
