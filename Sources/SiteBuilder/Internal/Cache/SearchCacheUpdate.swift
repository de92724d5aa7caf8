/// What the build cache is to hold of the search index after a build (see `BuildCache.save`): the words of
/// each part the build indexed again; the words of parts it kept stay as they are, and those of parts the
/// site no longer has are removed.
struct SearchCacheUpdate: Sendable {
    /// The folder of every part of the published index (`SearchPart.folder`).
    let parts: Set<String>
    /// The words of each part indexed again, by folder.
    let indexed: [String: SearchPartWords]

    /// A site built without search: no words are kept.
    static let none = SearchCacheUpdate(parts: [], indexed: [:])
}
