import AccessRules

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
/// - what each page around it shows of itself (see `PageNavigation.shownDigest(of:)`): the home page's
///   directly, each other section of its path through its parent's children; the children, in order, of
///   the home page and of each section on its path, or of a wide section only those in the window the page
///   shows (`NavigationWindow`), so that adding a page to a wide section renders again only the pages whose
///   window holds its position; all the children of the page, which a section's page lists; previous and next;
/// - the site settings, and its template with everything that template includes (see `TemplateDigests`).
struct RenderKeys: Sendable {
    private let context: PageContext
    private let templates: TemplateDigests
    private let shown: [SHA256.Digest]
    /// Each page's children, in order, by what they show.
    private let children: [SHA256.Digest]

    init(context: PageContext, templates: TemplateSet) {
        self.context = context
        self.templates = TemplateDigests(sources: templates.sources)
        let shown = concurrentMap(Array(context.pages.indices)) { context.shownDigest(of: $0) }
        self.shown = shown
        children = concurrentMap(Array(context.pages.indices)) { index in
            var writer = ByteWriter(capacity: 256)
            writer.list(context.tree.children[index]) { writer, child in
                writer.string(context.pages[child].source.path)
                writer.digest(shown[child])
            }
            return SHA256.digest(writer.bytes)
        }
    }

    /// The key of page `index` rendered with template `template`.
    func key(for index: Int, template: String) -> String {
        let tree = context.tree
        var writer = ByteWriter(capacity: 256)
        writer.string(PageContext.generator)
        writer.string(template)
        writer.string(templates.digest(of: template))
        writer.digest(context.site.digest)
        writer.digest(own(index))
        writer.digest(shown[tree.home])
        let ancestors = tree.ancestors(of: index)
        for (position, section) in ancestors.enumerated() {
            writer.string(context.pages[section].source.path)
            writer.digest(shownChildren(of: section, around: ancestors.dropFirst(position + 1).first ?? index))
        }
        writer.digest(shown[index])
        writer.digest(children[index])
        for neighbour in [tree.previous(of: index), tree.next(of: index)] {
            writer.optional(neighbour) { writer, neighbour in
                writer.string(context.pages[neighbour].source.path)
                writer.digest(shown[neighbour])
            }
        }
        return SHA256.hex(writer.bytes)
    }

    /// The digest of the children of `section` a nav expanded towards `entry` shows: all of them, digested
    /// once, or the window of a wide section.
    private func shownChildren(of section: Int, around entry: Int?) -> SHA256.Digest {
        let tree = context.tree
        guard tree.isWide(section) else { return children[section] }
        let window = tree.window(of: section, around: entry)
        var writer = ByteWriter(capacity: 64 * (window.entries.count + 1))
        writer.bool(window.hidesBefore)
        writer.bool(window.hidesAfter)
        writer.list(Array(window.entries)) { writer, child in
            writer.string(context.pages[child].source.path)
            writer.digest(shown[child])
        }
        return SHA256.digest(writer.bytes)
    }

    /// What the `page` object of page `index` is made from.
    private func own(_ index: Int) -> SHA256.Digest {
        let page = context.pages[index]
        var writer = ByteWriter(capacity: 256)
        writer.string(page.source.path)
        writer.bool(page.source.isSection)
        writer.bool(page.source.kind == .implicitSection)
        writer.string(page.url)
        writer.string(page.title)
        writer.bool(index == context.tree.home)
        writer.value(context.access.pageRules[index].rule)
        writer.string(page.fileDigest ?? "")
        writer.digest(page.markdown.contentDigest)
        writer.string(context.lastChange(of: page)?.iso ?? "")
        writer.string(context.editURL(of: page) ?? "")
        writer.string(context.language(of: index))
        return SHA256.digest(writer.bytes)
    }
}
