/// The Markdown HTML a `BuildSession` rendered again for pages the build cache vouched for (see `PageHTML`), by its
/// SHA-256, for its next builds: adding a page to a wide section renders again every page whose navigation window
/// moved, and their Markdown is as it was.
///
/// A page's summary names the digest of its HTML (`MarkdownSummary.contentDigest`), and only a summary that stands
/// reaches "Render pages", so the HTML kept under that digest is the HTML the page would render. At most `limit` are
/// kept: keeping one more starts afresh.
struct RenderedHTML: Sendable {
    private let kept = KeptByDigest()

    static let limit = 256

    /// The HTML whose digest is `digest`, if it is kept.
    func html(digest: SHA256.Digest) -> String? {
        kept.text(for: digest)
    }

    /// Keeps `html`, whose digest is `digest`.
    func keep(_ html: String, digest: SHA256.Digest) {
        kept.keep(html, for: digest, limit: Self.limit)
    }
}
