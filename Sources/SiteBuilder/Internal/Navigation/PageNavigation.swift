/// The navigation one page shows, pruned: the top level always, and the children of only those
/// sections on the path from the home page to this page. Never the whole tree, which would make
/// the site's size grow with the square of its page count.
///
/// Links to restricted pages carry `access_rule`, the number of the page's rule in the access manifest,
/// so the theme can wrap them in SSI conditions that drop them for readers who cannot open them.
struct PageNavigation {
    let tree: NavigationTree
    let pages: [Page]
    let access: SiteAccess

    /// `nav`: the home page's children, expanded along the path to `current`.
    func navItems(for current: Int) -> TemplateValue {
        let path = Set(tree.ancestors(of: current) + [current])
        return .list(items(under: tree.home, current: current, path: path))
    }

    private func items(under section: Int, current: Int, path: Set<Int>) -> [TemplateValue] {
        tree.children[section].map { index in
            let page = pages[index]
            let onPath = path.contains(index)
            let expanded = page.source.isSection && onPath
            let children = expanded ? items(under: index, current: current, path: path) : []
            var fields: [String: TemplateValue] = [
                "title": .string(page.title),
                "url": .string(page.url),
                "is_current": .bool(index == current),
                "is_ancestor": .bool(onPath && index != current),
                "is_section": .bool(page.source.isSection),
                "is_expanded": .bool(expanded),
                "has_children": .bool(!tree.children[index].isEmpty),
                "children": .list(children),
            ]
            fields["access_rule"] = access.restrictedRuleNumber(ofPage: index).map(TemplateValue.int)
            return .object(fields)
        }
    }

    /// `breadcrumbs`: from the home page down to the parent of `current`; a public page below a restricted
    /// section must not show that section's title to readers who may not open it.
    func breadcrumbs(for current: Int) -> [TemplateValue] {
        tree.ancestors(of: current).map(guardedLink)
    }

    func previous(of current: Int) -> TemplateValue? {
        tree.previous(of: current).map(guardedLink)
    }

    func next(of current: Int) -> TemplateValue? {
        tree.next(of: current).map(guardedLink)
    }

    /// `section_pages`: a section's direct children in navigation order.
    func sectionPages(of section: Int) -> [TemplateValue] {
        tree.children[section].map { index in
            let page = pages[index]
            var fields: [String: TemplateValue] = [
                "title": .string(page.title),
                "url": .string(page.url),
                "is_section": .bool(page.source.isSection),
            ]
            fields["description"] = .text(page.frontMatter.description)
            fields["date_display"] = page.frontMatter.date.map { .string($0.display) }
            fields["access_rule"] = access.restrictedRuleNumber(ofPage: index).map(TemplateValue.int)
            return .object(fields)
        }
    }

    /// A link (breadcrumbs, `prev`, `next`), with `access_rule` when the page is restricted.
    private func guardedLink(_ index: Int) -> TemplateValue {
        var fields: [String: TemplateValue] = ["title": .string(pages[index].title), "url": .string(pages[index].url)]
        fields["access_rule"] = access.restrictedRuleNumber(ofPage: index).map(TemplateValue.int)
        return .object(fields)
    }
}
