import Foundation

/// The one place a page's Markdown HTML comes from, for "Render pages" and the search index alike: the
/// HTML "Render Markdown" made, or, for a page the build cache vouched for, rendered again from its file.
/// A page both may ask for (one in a search part indexed again, `shared`) is rendered once and kept for the
/// other; any other page is rendered for the one that asks and not kept, so a rebuild that renders every
/// page through a new template holds no more HTML than it did. A `BuildSession` keeps a few pages' HTML from build to
/// build (`RenderedHTML`).
final class PageHTML: @unchecked Sendable {
    private let pages: [Page]
    private let bodies: PageBodies
    private let shared: Set<Int>
    private let rendered: RenderedHTML?
    private let locks: [NSLock]
    /// One slot per page, each read and written only under its page's lock.
    private let kept: UnsafeMutableBufferPointer<String?>

    init(pages: [Page], bodies: PageBodies, shared: Set<Int>, rendered: RenderedHTML? = nil) {
        self.pages = pages
        self.bodies = bodies
        self.shared = shared
        self.rendered = rendered
        locks = shared.isEmpty ? [] : pages.indices.map { _ in NSLock() }
        kept = .allocate(capacity: shared.isEmpty ? 0 : pages.count)
        kept.initialize(repeating: nil)
    }

    deinit {
        kept.deinitialize()
        kept.deallocate()
    }

    /// The HTML of the page at `index`; nil when its file cannot be read.
    func html(of index: Int) -> String? {
        let page = pages[index]
        if let html = page.html { return html }
        guard shared.contains(index) else { return render(page) }
        return locks[index].withLock {
            if let html = kept[index] { return html }
            let html = render(page)
            kept[index] = html
            return html
        }
    }

    private func render(_ page: Page) -> String? {
        if let html = rendered?.html(digest: page.markdown.contentDigest) { return html }
        guard let body = bodies.read(page.source) else { return nil }
        let made = bodies.render(
            body, of: page.source, frontMatterTitle: page.frontMatter.title, linkHeadings: page.markdown.linkHeadings)
        rendered?.keep(made.html, digest: made.summary.contentDigest)
        return made.html
    }
}
