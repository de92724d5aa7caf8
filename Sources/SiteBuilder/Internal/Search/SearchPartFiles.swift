import Foundation

/// The files of one part (shard) of the search index, in the format the theme's `search-worker.js` reads:
///
/// - `index.json`: `{"version": 1, "pages": N, "chunks": [first term of each chunk]}`;
/// - `w/K.json`, the word chunks: `{"terms": [...], "postings": [[page, weight, page, weight, ...], ...]}`,
///   terms in UTF-16 order (JavaScript's), so the chunks a word prefix can be in follow from `chunks`; each
///   term's pages ascend, every page number after the first given as the step from the one before;
/// - `p/N.json`, one per page: `{"url", "title", "breadcrumb", "sections": [[anchor, heading, text], ...]}`,
///   fetched for the results shown, to link to the section a query's words are in and quote them.
///
/// A weight is `2 × q + t`: `q` (0–88) is the term's BM25 term-frequency part in the page's text, scaled by
/// 40 (k1 = 1.2, b = 0.75, against the part's average page length), and `t` is 1 when the title has the
/// word. The browser multiplies by the word's rarity within the part, so no weight depends on other parts.
enum SearchPartFiles {
    /// Changes whenever the files change shape, so a build never keeps files of another format.
    static let formatVersion = 1
    /// A word chunk is closed once it is about this many bytes: a query fetches, from every part, the chunks
    /// its words' prefixes fall in, so small chunks send a reader less they do not need.
    static let chunkBytes = 24_000

    /// Counts one page's words by number, without sorting or hashing them.
    private struct WordCounter {
        private var counts: [Int32] = []
        private var met: [Int32] = []
        private var length = 0

        mutating func add(_ term: Int32) {
            let index = Int(term)
            if index >= counts.count { counts += repeatElement(0, count: index + 1 - counts.count) }
            if counts[index] == 0 { met.append(term) }
            counts[index] += 1
            length += 1
        }

        /// Each word met since the last call, in the order first met, followed by its count, and the number
        /// of words; the counter starts again from nothing.
        mutating func take() -> (terms: [Int32], length: Int) {
            var terms: [Int32] = []
            terms.reserveCapacity(met.count * 2)
            for term in met {
                terms.append(term)
                terms.append(counts[Int(term)])
                counts[Int(term)] = 0
            }
            met.removeAll(keepingCapacity: true)
            defer { length = 0 }
            return (terms, length)
        }
    }

    /// What indexing a part made: its files, and the words it counted in each page, numbered in `vocabulary`.
    struct Indexed {
        let files: [SearchIndex.File]
        let vocabulary: [String]
        let pages: [SearchPageWords]
        /// How many word chunks (`w/K.json`) are among `files`.
        let chunkCount: Int
    }

    /// Which files a part has — `index.json`, a page file for each of its pages and its word chunks — without
    /// what they hold.
    struct FileSet {
        let folder: String
        let ruleID: String
        let pageCount: Int
        let chunkCount: Int

        init(part: SearchPart, chunkCount: Int) {
            folder = part.folder
            ruleID = part.ruleID
            pageCount = part.documents.count
            self.chunkCount = chunkCount
        }

        /// Each file's path below the output folder.
        var paths: [String] {
            [folder + "index.json"] + (0..<pageCount).map { folder + "p/\($0).json" }
                + (0..<chunkCount).map { folder + "w/\($0).json" }
        }

        /// A digest that names exactly the files of `sets` and their rules' ids: equal digests, equal files.
        static func key(of sets: [FileSet]) -> String {
            var writer = ByteWriter()
            writer.list(sets) { writer, set in
                writer.string(set.folder)
                writer.string(set.ruleID)
                writer.int(set.pageCount)
                writer.int(set.chunkCount)
            }
            return SHA256.hex(writer.bytes)
        }
    }

    /// The part's files, each path below the output folder, with word chunks of about `chunkBytes`.
    static func files(of part: SearchPart, chunkBytes: Int = chunkBytes) -> [SearchIndex.File] {
        index(part, chunkBytes: chunkBytes).files
    }

    /// Indexes `part`. A document that carries `words` is not counted again: its word numbers are those of
    /// `vocabulary`. The file of page `number` is made only when `writesPage(number)`; the caller keeps the
    /// others as the last build wrote them.
    static func index(
        _ part: SearchPart, vocabulary known: [String] = [], writesPage: (Int) -> Bool = { _ in true },
        chunkBytes: Int = chunkBytes
    ) -> Indexed {
        var files: [SearchIndex.File] = []
        var vocabulary = SearchVocabulary(words: known)
        var pages: [SearchPageWords] = []
        pages.reserveCapacity(part.documents.count)
        var counter = WordCounter()
        for (number, document) in part.documents.enumerated() {
            let writes = writesPage(number)
            if let words = document.words, !writes {
                pages.append(words)
                continue
            }
            let text = document.text ?? SearchText(html: document.contentHTML)
            if writes { files.append(file(part, "p/\(number).json", pageJSON(document, text: text))) }
            if let words = document.words {
                pages.append(words)
                continue
            }
            for section in text.sections {
                SearchWords.forEachWord(in: section.heading) { counter.add(vocabulary.number($0)) }
                SearchWords.forEachWord(in: section.text) { counter.add(vocabulary.number($0)) }
            }
            var titleTerms: Set<Int32> = []
            SearchWords.forEachWord(in: document.title) { titleTerms.insert(vocabulary.number($0)) }
            let (terms, length) = counter.take()
            pages.append(SearchPageWords(terms: terms, titleTerms: titleTerms.sorted(), length: length))
        }
        let postings = Postings(pages, termCount: vocabulary.words.count)
        let order = inJavaScriptOrder(postings.usedTerms, vocabulary.words)
        let encoded = EncodedPostings(postings, order)
        var firstTerms: [String] = []
        // A chunk closes after the term that brings its postings, commas between them included, to
        // `chunkBytes`.
        var start = 0
        var size = 0
        for index in order.indices {
            size += (index > start ? 1 : 0) + encoded.length(index)
            guard size >= chunkBytes || index == order.count - 1 else { continue }
            let terms = order[start...index].map { vocabulary.words[Int($0)] }
            var json = JSONBytes()
            json.raw("{\"terms\":")
            json.strings(terms)
            json.raw(",\"postings\":[")
            encoded.append(start...index, to: &json)
            json.raw("]}")
            files.append(file(part, "w/\(firstTerms.count).json", json))
            firstTerms.append(terms[0])
            (start, size) = (index + 1, 0)
        }
        var index = JSONBytes()
        index.raw("{\"version\":\(formatVersion),\"pages\":\(part.documents.count),\"chunks\":")
        index.strings(firstTerms)
        index.raw("}")
        files.append(file(part, "index.json", index))
        let (words, numbered) = postings.compacted(vocabulary.words, pages)
        return Indexed(
            files: files.sorted { $0.path < $1.path }, vocabulary: words, pages: numbered, chunkCount: firstTerms.count)
    }

    private static func pageJSON(_ document: SearchDocument, text: SearchText) -> JSONBytes {
        var json = JSONBytes()
        json.raw("{\"url\":")
        json.string(document.url)
        json.raw(",\"title\":")
        json.string(document.title)
        json.raw(",\"breadcrumb\":")
        json.string(document.breadcrumb.joined(separator: " › "))
        json.raw(",\"sections\":[")
        for (index, section) in text.sections.enumerated() {
            if index > 0 { json.raw(",") }
            json.strings([section.anchor, section.heading, section.text])
        }
        json.raw("]}")
        return json
    }

    private static func file(_ part: SearchPart, _ name: String, _ json: JSONBytes) -> SearchIndex.File {
        SearchIndex.File(path: part.folder + name, data: Data(json.bytes), ruleID: part.ruleID)
    }
}
