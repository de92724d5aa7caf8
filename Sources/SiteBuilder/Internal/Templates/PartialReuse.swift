import Mustache

/// A partial the build renders once and pastes wherever the theme includes it with the same object
/// on top of the context, instead of rendering it again each time.
///
/// The nav is most of the work of rendering a page: dozens of entries, each through the theme's
/// `nav-item` partial. So `nav-item` is rendered once per build for each collapsed entry (neither
/// the page nor one of its sections), which looks the same on every page that shows it; `nav` is
/// rendered once per section, with a slot for each of the section's entries, and a page's nav is
/// those slots filled (see `SlottedNav`). `toc`, which themes include twice (inline on phones,
/// beside the text on wide screens), is rendered once per page. `card`, a page's entry in its section's
/// `section_pages`, is rendered once per build, and in a `BuildSession` once while it looks the same
/// (`RenderedCards`): a section's page lists every child, so adding a page to a wide section renders
/// that page again with a thousand cards; where a page template lists them as `cardList`, the list is pasted whole.
///
/// The library registers the theme's partial as `sitegen/NAME` and, as `NAME`, a dispatcher that
/// pastes the field `sitegen-NAME` of the object on top of the context when it has one, and
/// renders the theme's partial otherwise. Pasting gives the same bytes as rendering when the output
/// depends only on what the paste was made from; `install` checks what the partials look up when
/// templates load, and `field(rendering:)` refuses output that swift-mustache would indent.
struct PartialReuse: Sendable {
    /// The partial's name in the theme, e.g. `nav-item`.
    let partial: String
    /// The field holding the rendered partial, on the object it was rendered with.
    let field: String
    /// The name the theme's own partial is registered under.
    let themeCopy: String
    let dispatcher: MustacheTemplate

    static let navItem = PartialReuse(partial: "nav-item")
    static let nav = PartialReuse(partial: "nav")
    static let toc = PartialReuse(partial: "toc")
    static let card = PartialReuse(partial: "card")

    private init(partial: String) {
        self.partial = partial
        field = "sitegen-" + partial
        themeCopy = "sitegen/" + partial
        // Built from a partial name and fixed text, so parsing cannot fail.
        dispatcher = try! MustacheTemplate(string: Self.pasting(".\(field)", else: "{{> \(themeCopy)}}"))
    }

    /// Template text that pastes the field `field` when the context has it, and renders `fallback` when it has not.
    private static func pasting(_ field: String, else fallback: String) -> String {
        "{{^\(field)}}\(fallback){{/\(field)}}{{{\(field)}}}"
    }

    /// Registers the dispatchers of the partials this theme allows reusing and returns their names:
    /// `nav-item` when it looks up only nav entry fields; `nav` as well when it looks up only `nav` and
    /// `site` besides, shows entries only through `nav-item`, and is never included on an indented line
    /// of its own; `toc` when the theme includes it more than once; `card` when it looks up only card fields.
    static func install(
        in library: inout MustacheLibrary, templates: [String: String], partials: [String: String]
    ) -> Set<String> {
        let everyTag = (Array(templates.values) + Array(partials.values)).flatMap(TemplateTags.scan)
        let entryNames = PageNavigation.entryFieldNames.union(["."])
        let reusesEntries = navItem.isExact(partials: partials, names: entryNames)
        let navIndented = everyTag.contains { $0.sigil == ">" && $0.name == nav.partial && $0.isIndentedStandalone }
        let reusesNav =
            reusesEntries && !navIndented
            && nav.isExact(partials: partials, names: entryNames.union(["nav", "site"]), listsOnlyThroughNavItem: true)
        let tocIncludes = everyTag.count { $0.sigil == ">" && $0.name == toc.partial }
        let chosen = [
            reusesEntries ? navItem : nil,
            reusesNav ? nav : nil,
            tocIncludes > 1 && toc.isExact(partials: partials, names: nil) ? toc : nil,
            card.isExact(partials: partials, names: PageNavigation.cardFieldNames.union(["."])) ? card : nil,
        ].compactMap { $0 }
        for reuse in chosen {
            guard let theme = library.getTemplate(named: reuse.partial) else { continue }
            library.register(theme, named: reuse.themeCopy)
            library.register(reuse.dispatcher, named: reuse.partial)
        }
        if chosen.contains(where: { $0.partial == card.partial }) {
            let parents = Set(everyTag.filter { $0.sigil == "<" }.map(\.name))
            pasteCardLists(in: &library, templates: templates.filter { !parents.contains($0.key) })
        }
        return Set(chosen.map(\.partial))
    }

    /// A section's list of cards as themes write it, which swift-mustache goes through card by card, a thousand times
    /// on the page of a wide section. A page template that may paste it (`pastesCardLists`) pastes the field
    /// `cardListField` of the page's context instead: every card pasted, one after the other; and goes through the
    /// list when the context has no such field (a card that cannot be pasted).
    static let cardList = "{{#section_pages}}{{> card}}{{/section_pages}}"
    static let cardListField = "sitegen-cards"

    /// Registers again, with each `cardList` pasted when the context has its field, those of `templates` that may
    /// paste it (`pastesCardLists`): the page templates no template includes as a parent, which could be included
    /// within a section.
    private static func pasteCardLists(in library: inout MustacheLibrary, templates: [String: String]) {
        let pasted = pasting(cardListField, else: cardList)
        for (name, text) in templates where pastesCardLists(text) {
            guard let template = try? MustacheTemplate(string: text.replacing(cardList, with: pasted)) else { continue }
            library.register(template, named: name)
        }
    }

    /// True when `text` holds `cardList`, each time outside every `{{#…}}` section (within one, `section_pages` may be
    /// another object's), and changes no delimiters.
    static func pastesCardLists(_ text: String) -> Bool {
        let count = text.ranges(of: cardList).count
        guard count > 0 else { return false }
        let tags = TemplateTags.scan(text)
        var open: [Character?] = []
        var found = 0
        for (index, tag) in tags.enumerated() {
            switch tag.sigil {
            case "=":
                return false
            case "#" where isCardList(tags[index...]):
                guard !open.contains("#") else { return false }
                found += 1
                open.append(tag.sigil)
            case "#", "^", "$", "<":
                open.append(tag.sigil)
            case "/":
                _ = open.popLast()
            default:
                continue
            }
        }
        return found == count
    }

    /// True when `tags` open with the three tags of `cardList`.
    private static func isCardList(_ tags: ArraySlice<TemplateTags.Tag>) -> Bool {
        let names = tags.prefix(3).map { "\($0.sigil.map(String.init) ?? "")\($0.name)" }
        return names == ["#section_pages", ">" + card.partial, "/section_pages"]
    }

    /// The field that pastes the output of `render`, computed when a template first includes the partial.
    func field(rendering render: @escaping @Sendable (TemplateNode) -> String) -> DerivedField {
        DerivedField(name: field) { Self.pasteable(render($0)) }
    }

    /// `html`, unless it has a line break before its end: included on an indented line of its own, a
    /// partial gets that indentation after each line break, and a paste does not.
    static func pasteable(_ html: String) -> String? {
        html.utf8.dropLast().contains(UInt8(ascii: "\n")) ? nil : html
    }

    /// True when the partial and the partials it includes use no blocks, parents, dynamic partials or
    /// changed delimiters (each would depend on where the partial is included), and look up only
    /// `names` when given. With `listsOnlyThroughNavItem`, a section over `nav` or `children` may
    /// hold nothing but `{{> nav-item}}`, so each entry shows only through its own `nav-item`.
    private func isExact(partials: [String: String], names: Set<String>?, listsOnlyThroughNavItem: Bool = false)
        -> Bool
    {
        guard partials[partial] != nil else { return false }
        var pending = [partial]
        var seen: Set<String> = []
        while let name = pending.popLast() {
            guard seen.insert(name).inserted, let source = partials[name] else { continue }
            var openLists = 0
            var open: [Bool] = []
            for tag in TemplateTags.scan(source) {
                let isEntryList = ["nav", "children"].contains(Self.field(lookedUpBy: tag.name))
                if listsOnlyThroughNavItem, openLists > 0, tag.sigil != "/", tag.sigil != "!",
                    !(tag.sigil == ">" && tag.name == PartialReuse.navItem.partial)
                {
                    return false
                }
                switch tag.sigil {
                case "!":
                    continue
                case "/":
                    if open.popLast() == true { openLists -= 1 }
                case ">" where !tag.name.hasPrefix("*"):
                    pending.append(tag.name)
                case nil, "{", "&", "#", "^":
                    if let names, !names.contains(Self.field(lookedUpBy: tag.name)) { return false }
                    if tag.sigil == "#" || tag.sigil == "^" {
                        open.append(tag.sigil == "#" && isEntryList)
                        if open.last == true { openLists += 1 }
                    }
                default:
                    return false
                }
            }
        }
        return true
    }

    /// The field a tag reads first: `title`, `.title`, `title.text` and `empty(title)` read `title`;
    /// `.` and `first()` read the object or list being iterated, given as ".".
    private static func field(lookedUpBy name: String) -> String {
        var name = Substring(name)
        while name.hasSuffix(")"), let open = name.firstIndex(of: "(") {
            name = name[name.index(after: open)..<name.index(before: name.endIndex)]
        }
        if name.isEmpty || name == "." { return "." }
        if name.hasPrefix(".") { name = name.dropFirst() }
        return String(name.prefix { $0 != "." })
    }
}
