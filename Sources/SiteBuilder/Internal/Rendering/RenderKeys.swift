import AccessRules
import Foundation

/// What each page's output depends on, as one key per page, worked out without building the page's
/// template context: a page whose key is the one recorded for its output file is not rendered.
///
/// A page's context is its `site` object; its `page` object, made from the page alone; its nav: the
/// entries of the children of the home page, of each section on its path and of the page itself, its
/// own entry among them; its breadcrumbs, the entries of its sections; `prev` and `next`; and, for a
/// section, the cards of its pages. So its key digests:
/// - the page itself: its file, title, URL, access rule, last change, edit link and language, which a page may
///   inherit from a section above it (its front matter and all its Markdown holds follow from its file, and its
///   HTML from the file and where its links lead, so the digest of the HTML stands for that);
/// - what each page around it shows of itself (see `PageNavigation.shownDigest(of:)`), with its path, as one
///   *entry* digest: the home page's directly, each other section of its path through its parent's children; the
///   children, in order, of the home page and of each section on its path, or of a wide section only those in the
///   window the page shows (`NavigationWindow`), so that adding a page to a wide section renders again only the
///   pages whose window holds its position; all the children of the page, which a section's page lists; previous
///   and next;
/// - the site settings, and its template with everything that template includes (see `TemplateDigests`).
///
/// A `BuildSession` keeps each page's own and entry digests (`Kept`, found again by position), and works them out
/// again only for a page that is another object than last time (the Markdown stage makes a page once while its file
/// and links stand) or whose rule, children, language, last change or edit link changed: the rest of a key is a
/// digest of digests, and the key itself is hashed again only when those digests are not the ones it was hashed from
/// last time. Most pages' keys are not even put together again: a page *stands* when its digests are last build's
/// objects and its children's list has the digest it had, and the key of a page that stands, whose sections (home
/// included) all stand, whose neighbours' digests are last build's objects and whose template and the site are as
/// they were, is made of the very bytes it was made of last time (a section that stands shows the same children,
/// and in a wide section the same window around the same child). Debug builds put it together anyway to check.
struct RenderKeys: Sendable {
    private let context: PageContext
    private let templates: TemplateDigests
    /// Each page's path and what it shows of itself.
    private let entries: [SHA256.Digest]
    private let own: [SHA256.Digest]
    /// Each page's children, in order, by their entries.
    private let children: [SHA256.Digest]
    /// Each page's key, rendered with its template, with its slot when the session keeps one.
    private let keys: [Keyed]
    /// What to keep for a session's next build; nil unless asked for (`keeping`).
    let kept: Kept?

    /// The keys of `context`'s pages, whose sources are `sources`, each rendered with the template of the same index
    /// in `pageTemplates`; with `keeping`, also what a session keeps for its next build (a lone build does not pay for
    /// it).
    init(
        context: PageContext, sources: [PageSource], templates: TemplateSet, pageTemplates: [String], kept: Kept?,
        keeping: Bool
    ) {
        self.context = context
        let templates = templates.digests
        self.templates = templates
        let kept = kept.flatMap { $0.editURLPattern == context.editURLPattern ? $0 : nil }
        // Keys are put together again only when the templates or the site changed.
        let keysMayStand = kept.map { $0.templates == templates && $0.site == context.site.digest } ?? false
        let alignment = kept.map { ListAlignment(kept: $0.sources, current: sources, source: { $0 }) }
        let lastSlots = kept?.slots ?? []
        // Each pass over the pages works out all it can of a page while that page's objects are at hand; what later
        // passes compare of it lies side by side in the pass's results, as plain values: holding an object to
        // compare it writes its reference count, a cache miss for each of twenty thousand pages.
        let slots = concurrentMap(Array(context.pages.indices)) { index -> Made in
            let last = alignment?[index].flatMap { lastSlots[$0].slot }
            let digests = Self.digests(of: index, in: context, kept: last?.digests)
            return Made(digests: digests, last: last, template: pageTemplates[index])
        }
        let entries = slots.map(\.entry)
        self.entries = entries
        own = slots.map(\.own)
        // Most pages have no children: their list's digest is one for all.
        var none = ByteWriter(capacity: 8)
        none.list([Int]()) { _, _ in }
        let noChildren = SHA256.digest(none.bytes)
        let tree = context.tree
        let listed = concurrentMap(Array(context.pages.indices)) { index -> (children: SHA256.Digest, stands: Bool) in
            let children = tree.children[index]
            var digest = noChildren
            if !children.isEmpty {
                var writer = ByteWriter(capacity: 32 * children.count + 8)
                writer.list(children) { writer, child in writer.digest(entries[child]) }
                digest = SHA256.digest(writer.bytes)
            }
            return (digest, keysMayStand && slots[index].asLast && slots[index].lastChildren == digest)
        }
        let children = listed.map(\.children)
        self.children = children
        let stands = listed.map(\.stands)
        let parts = KeyParts(context: context, templates: templates, own: own, entries: entries, children: children)
        keys = concurrentMap(Array(context.pages.indices)) { index -> Keyed in
            let neighbours = (tree.previous(of: index), tree.next(of: index))
            if stands[index],
                slots[index].lastNeighbours == (neighbours.0.map { slots[$0].id }, neighbours.1.map { slots[$0].id }),
                Self.sectionsStand(above: index, in: tree, stands: stands), let last = slots[index].last
            {
                assert(last.input == parts.input(of: index, template: last.template), "a key that stands is made again")
                return keeping ? .kept(last) : .lone(last.key)
            }
            let (digests, last, template) = (slots[index].digests, slots[index].last, pageTemplates[index])
            let input = parts.input(of: index, template: template)
            // A key hashed from the same bytes last time stands.
            let key = last.flatMap { $0.input.sameBytes(as: input) ? $0.key : nil } ?? SHA256.hex(input)
            guard keeping else { return .lone(key) }
            return .kept(
                Slot(
                    digests: digests, input: input, key: key, template: template, children: children[index],
                    neighbours: (neighbours.0.map { slots[$0].digests }, neighbours.1.map { slots[$0].digests })))
        }
        self.kept =
            keeping
            ? Kept(
                editURLPattern: context.editURLPattern, templates: templates, site: context.site.digest,
                sources: sources, slots: keys) : nil
    }

    /// What the first pass makes of a page: its digests and its slot of the session's last build, with what the later
    /// passes compare of them as plain values.
    private struct Made: Sendable {
        let digests: Digests
        let last: Slot?
        let entry: SHA256.Digest
        let own: SHA256.Digest
        /// `digests`, by identity.
        let id: ObjectIdentifier
        /// `last` holds these very digests and was made with the same template.
        let asLast: Bool
        /// What `last` was made with: the digest of its children's list, and its neighbours' digests by identity.
        let lastChildren: SHA256.Digest?
        let lastNeighbours: (ObjectIdentifier?, ObjectIdentifier?)

        init(digests: Digests, last: Slot?, template: String) {
            (self.digests, self.last, entry, own, id) = (
                digests, last, digests.entry, digests.own, ObjectIdentifier(digests)
            )
            asLast = last.map { $0.digests === digests && $0.template == template } ?? false
            lastChildren = last?.children
            lastNeighbours = (
                last?.neighbours.previous.map(ObjectIdentifier.init), last?.neighbours.next.map(ObjectIdentifier.init)
            )
        }
    }

    /// Whether every section above page `index`, up to the home page, stands (see the type's description).
    private static func sectionsStand(above index: Int, in tree: NavigationTree, stands: [Bool]) -> Bool {
        var section = tree.parent[index]
        while let current = section {
            guard stands[current] else { return false }
            section = tree.parent[current]
        }
        return stands[tree.home]
    }

    /// The key of page `index`, rendered with its template.
    func key(of index: Int) -> String {
        keys[index].key
    }

    /// What keys are made of: each page's own, entry and children digests, the site's, and the templates'.
    private struct KeyParts: Sendable {
        let context: PageContext
        let templates: TemplateDigests
        let own: [SHA256.Digest]
        let entries: [SHA256.Digest]
        let children: [SHA256.Digest]

        /// What the key of page `index` rendered with `template` digests.
        func input(of index: Int, template: String) -> [UInt8] {
            let tree = context.tree
            var writer = ByteWriter(capacity: 32 * 48 + 128)
            writer.string(PageContext.generator)
            writer.string(template)
            writer.string(templates.digest(of: template))
            writer.digest(context.site.digest)
            writer.digest(own[index])
            writer.digest(entries[tree.home])
            sections(above: index, to: &writer)
            writer.digest(entries[index])
            writer.digest(children[index])
            for neighbour in [tree.previous(of: index), tree.next(of: index)] {
                writer.optional(neighbour) { writer, neighbour in writer.digest(entries[neighbour]) }
            }
            return writer.bytes
        }

        /// Appends each section from the home page down to the parent of page `index`, with the children a nav
        /// expanded towards the page shows of it; climbing first, so that no list of the sections is made.
        private func sections(above index: Int, to writer: inout ByteWriter) {
            guard let section = context.tree.parent[index] else { return }
            sections(above: section, to: &writer)
            writer.digest(entries[section])
            shownChildren(of: section, around: index, to: &writer)
        }

        /// Appends the children of `section` a nav expanded towards `entry` shows: all of them, by the digest of
        /// their list, or the window of a wide section entry by entry. A window is a different list on every page
        /// of its section, so it is not hashed on its own: the key's input is compared with the one it had before
        /// it is hashed, and a page whose window is as it was costs no hashing.
        private func shownChildren(of section: Int, around entry: Int?, to writer: inout ByteWriter) {
            let tree = context.tree
            guard tree.isWide(section) else { return writer.digest(children[section]) }
            let window = tree.window(of: section, around: entry)
            writer.bool(window.hidesBefore)
            writer.bool(window.hidesAfter)
            writer.list(window.entries) { writer, child in writer.digest(entries[child]) }
        }
    }

    /// Page `index`'s digests: those `kept` holds when they were made from the same page object and the same
    /// rule, children, language and last change, else made now.
    private static func digests(of index: Int, in context: PageContext, kept: Digests?) -> Digests {
        let page = context.pages[index]
        let rule = context.access.pageRules[index].rule
        let hasChildren = !context.tree.children[index].isEmpty
        let isHome = index == context.tree.home
        let language = context.language(of: index)
        let lastChange = context.lastChange(of: page)
        if let kept, kept.page === page, kept.rule == rule, kept.hasChildren == hasChildren, kept.isHome == isHome,
            kept.language == language, kept.lastChange == lastChange
        {
            return kept
        }
        var writer = ByteWriter(capacity: 256)
        writer.string(page.source.path)
        writer.digest(context.shownDigest(of: index))
        return Digests(
            page: page, rule: rule, hasChildren: hasChildren, isHome: isHome, language: language,
            lastChange: lastChange,
            own: ownDigest(of: page, rule: rule, isHome: isHome, language: language, in: context),
            entry: SHA256.digest(writer.bytes))
    }

    /// What the `page` object of a page is made from.
    private static func ownDigest(
        of page: Page, rule: AccessRule, isHome: Bool, language: String, in context: PageContext
    ) -> SHA256.Digest {
        var writer = ByteWriter(capacity: 256)
        writer.string(page.source.path)
        writer.bool(page.source.isSection)
        writer.bool(page.source.kind == .implicitSection)
        writer.string(page.url)
        writer.string(page.title)
        writer.bool(isHome)
        writer.value(rule)
        writer.string(page.fileDigest ?? "")
        writer.digest(page.markdown.contentDigest)
        writer.string(context.lastChange(of: page)?.iso ?? "")
        writer.string(context.editURL(of: page) ?? "")
        writer.string(language)
        return SHA256.digest(writer.bytes)
    }
}
