/// What indexing counted in one page: the words of its text and of its title, by number in the vocabulary of
/// the part it was indexed in. The build cache keeps them (`SearchPartWords`), so indexing a part again
/// counts only the pages whose text or title changed.
struct SearchPageWords: Sendable, Equatable {
    /// Each word of the text once, in the order first met, followed by how often the text has it:
    /// word, count, word, count…
    var terms: [Int32]
    /// The title's words, each once, ascending.
    var titleTerms: [Int32]
    /// How many words the text has.
    var length: Int
}

/// The words of every page a part of the search index was last made from, kept in the build cache for the
/// next build (`BuildCache.loadSearchWords`): the part's vocabulary, and in page order each page's URL, the key
/// its words were counted under (`SearchIndexer` makes it from the page's title and what its HTML is made
/// from) and its words.
struct SearchPartWords: Sendable, Equatable {
    struct Page: Sendable, Equatable {
        let url: String
        let key: String
        let words: SearchPageWords
    }

    /// Each word the pages have, by number.
    let vocabulary: [String]
    let pages: [Page]
}
