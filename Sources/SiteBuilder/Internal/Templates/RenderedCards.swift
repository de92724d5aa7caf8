import Foundation

/// The cards a `BuildSession` rendered through the theme's `card` partial (see `PartialReuse`), by the digest of
/// the card's node, for its next builds: a section's page lists a card for every child, so adding a page to a
/// section of a thousand renders that page again, and all but one of its cards look as they did.
///
/// A card's HTML follows from its node's fields alone (the partial looks up nothing else) and from the partial
/// with what it includes, so the cards are kept while that is the same, and dropped when it changes. Cards of pages
/// long gone are dropped with the rest when keeping one more would make more than `limit` for each page the site
/// has.
final class RenderedCards: @unchecked Sendable {
    private let lock = NSLock()
    /// The digest of the partial and what it includes (`TemplateDigests`) the cards were rendered with.
    private var partial = ""
    private let cards = KeptByDigest()

    /// Cards kept per page of the site at most: one plain and one guarded, and as many again of pages changed since.
    static let limit = 4

    /// `render`, taking each card from those kept while the partial is `partial` (its digest), and keeping what it
    /// renders; for a build of a site of `pageCount` pages.
    func renderer(
        partial: String, pageCount: Int, rendering render: @escaping @Sendable (TemplateNode) -> String
    ) -> @Sendable (TemplateNode) -> String {
        lock.withLock {
            if self.partial != partial {
                self.partial = partial
                cards.forget()
            }
        }
        return { [cards] node in
            if let kept = cards.text(for: node.digest) { return kept }
            let html = render(node)
            cards.keep(html, for: node.digest, limit: Self.limit * max(1, pageCount))
            return html
        }
    }
}
