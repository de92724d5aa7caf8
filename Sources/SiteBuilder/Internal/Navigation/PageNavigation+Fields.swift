import AccessRules

/// How a link to a page is guarded for the readers of the page showing it: `rule` is the id of the linked
/// page's rule (`AccessRule.id`) when the link needs an SSI condition, nil when every such reader may open it. On a
/// server without includes (`ServerIncludes.none`) such a link cannot be guarded: it is hidden instead,
/// without its title or address.
struct LinkGuard: Sendable {
    let rule: String?
    let isSignedIn: Bool
    let includes: ServerIncludes

    /// Whether the link is left out: some readers of the page may not open it, and the server cannot hide it.
    var isHidden: Bool {
        rule != nil && !includes.writesSSI
    }

    /// `access_rule`: the rule's id when the link is guarded, else present but empty.
    var accessRule: TemplateValue {
        guard !isHidden, let rule else { return .null }
        return .string(rule)
    }

    /// `access_condition`: for `signed-in`, whether the reader is signed in; for other rules, whether the
    /// reader passes the rule (see `SatisfiedRules`); empty when the link is plain or hidden.
    var accessCondition: TemplateValue {
        guard !isHidden, let rule else { return .null }
        return .string(isSignedIn ? SatisfiedRules.signedInCondition : SatisfiedRules.condition(forRule: rule))
    }

    /// `title` or `url` of the linked page, empty when the link is hidden.
    func shown(_ text: String) -> TemplateValue {
        .string(isHidden ? "" : text)
    }
}

extension PageNavigation {
    /// Fields are written as pairs in a fixed order, without building or sorting a dictionary. What the
    /// fields of other pages' entries, links and cards are made from is hashed by `shownDigest(of:)`:
    /// a field made from anything else must add it there, or pages showing it would not be rendered again.
    typealias Fields = KeyValuePairs<String, TemplateValue>

    enum EntryState {
        case collapsed, ancestor, current
    }

    static func linkFields(for index: Int, pages: [Page], guarding: LinkGuard) -> Fields {
        [
            "title": guarding.shown(pages[index].navigationTitle), "url": guarding.shown(pages[index].url),
            "access_rule": guarding.accessRule, "access_condition": guarding.accessCondition,
            "is_hidden": .bool(guarding.isHidden),
        ]
    }

    /// Empty fields are present too, so that a card never shows a value of an enclosing object.
    static func cardFields(for index: Int, pages: [Page], guarding: LinkGuard) -> Fields {
        let page = pages[index]
        let hidden = guarding.isHidden
        return [
            "title": guarding.shown(page.title),
            "url": guarding.shown(page.url),
            "is_section": .bool(page.source.isSection),
            "description": hidden ? .null : .text(page.frontMatter.description) ?? .null,
            "date_display": hidden ? .null : page.frontMatter.date.map { .string($0.display) } ?? .null,
            "access_rule": guarding.accessRule,
            "access_condition": guarding.accessCondition,
            "is_hidden": .bool(hidden),
        ]
    }

    static func entryFields(
        for index: Int, pages: [Page], tree: NavigationTree, guarding: LinkGuard, state: EntryState = .collapsed,
        children: [TemplateValue] = []
    ) -> Fields {
        let page = pages[index]
        return [
            "title": guarding.shown(page.navigationTitle),
            "url": guarding.shown(page.url),
            "is_current": .bool(state == .current),
            "is_ancestor": .bool(state == .ancestor),
            "is_section": .bool(page.source.isSection),
            "is_expanded": .bool(state != .collapsed && page.source.isSection),
            "has_children": .bool(!tree.children[index].isEmpty),
            "children": .list(children),
            "access_rule": guarding.accessRule,
            "access_condition": guarding.accessCondition,
            "is_hidden": .bool(guarding.isHidden),
            "is_more": .bool(false),
        ]
    }

    /// The entry standing for the children a wide section's window leaves out: the section's title and
    /// URL, whose page lists them all, and `is_more`. Nothing that changes as pages are added, such as a
    /// count, so that adding one changes only the windows that hold its position.
    static func moreFields(for section: Int, pages: [Page], guarding: LinkGuard) -> Fields {
        [
            "title": guarding.shown(pages[section].navigationTitle),
            "url": guarding.shown(pages[section].url),
            "is_current": .bool(false),
            "is_ancestor": .bool(false),
            "is_section": .bool(false),
            "is_expanded": .bool(false),
            "has_children": .bool(false),
            "children": .list([]),
            "access_rule": guarding.accessRule,
            "access_condition": guarding.accessCondition,
            "is_hidden": .bool(guarding.isHidden),
            "is_more": .bool(true),
        ]
    }
}
