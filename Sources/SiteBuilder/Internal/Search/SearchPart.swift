/// The documents of one access rule's part of the search index.
struct SearchPart: Sendable, Equatable {
    /// The rule's number in the access manifest, which guards the part's files and names its folder.
    let ruleNumber: Int
    let documents: [SearchDocument]
}
