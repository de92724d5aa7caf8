/// What "Build search index" decided before any page is rendered: the parts of the index and where they
/// are (`layout`, which every page offers), the key of each part's files, and which parts keep their files
/// as the last build left them. `SearchIndexer` indexes the others while the pages are rendered.
struct SearchPlan: Sendable {
    /// A part whose files the last build made from the same key and which are all intact.
    struct KeptPart: Sendable {
        let chunkCount: Int
        let files: [OutputFile]
    }

    let layout: SearchLayout
    /// Every part in order, each document's `contentHTML` standing for its HTML by the HTML's digest.
    let parts: [SearchPart]
    /// The key of each part's `index.json` and word files.
    let partKeys: [String]
    /// Each part's kept files, nil for a part to index again.
    let kept: [KeptPart?]
    /// The pages of the parts to index again, by their number in the site: indexing may need their HTML,
    /// as "Render pages" may (see `PageHTML`).
    let pagesToIndex: Set<Int>
    /// Each page's number in the site, by its URL.
    let pageNumbers: [String: Int]

    /// The numbers of the parts to index again.
    var partsToIndex: [Int] { parts.indices.filter { kept[$0] == nil } }
}
