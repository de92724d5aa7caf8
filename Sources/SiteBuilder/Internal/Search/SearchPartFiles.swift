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

    private static let k1 = 1.2
    private static let b = 0.75
    private static let scale = 40.0

    /// A page's words as numbers in the part's vocabulary, each once, with how often the text has it.
    private struct Counted {
        var terms: [(term: Int32, count: Int32)]
        var titleTerms: Set<Int32>
        var length: Int
    }

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

        /// Each word met since the last call, in the order first met, with its count, and the number of words;
        /// the counter starts again from nothing.
        mutating func take() -> (terms: [(term: Int32, count: Int32)], length: Int) {
            let terms = met.map { (term: $0, count: counts[Int($0)]) }
            for term in met { counts[Int(term)] = 0 }
            met.removeAll(keepingCapacity: true)
            defer { length = 0 }
            return (terms, length)
        }
    }

    /// The part's files, each path below the output folder, with word chunks of about `chunkBytes`.
    static func files(of part: SearchPart, chunkBytes: Int = chunkBytes) -> [SearchIndex.File] {
        var files: [SearchIndex.File] = []
        var vocabulary = SearchVocabulary()
        var pages: [Counted] = []
        pages.reserveCapacity(part.documents.count)
        var counter = WordCounter()
        for (number, document) in part.documents.enumerated() {
            let text = document.text ?? SearchText(html: document.contentHTML)
            files.append(file(part, "p/\(number).json", pageJSON(document, text: text)))
            for section in text.sections {
                SearchWords.forEachWord(in: section.heading) { counter.add(vocabulary.number($0)) }
                SearchWords.forEachWord(in: section.text) { counter.add(vocabulary.number($0)) }
            }
            var titleTerms: Set<Int32> = []
            SearchWords.forEachWord(in: document.title) { titleTerms.insert(vocabulary.number($0)) }
            let (terms, length) = counter.take()
            pages.append(Counted(terms: terms, titleTerms: titleTerms, length: length))
        }
        let average = max(1, Double(pages.reduce(0) { $0 + $1.length }) / Double(max(1, pages.count)))
        var postings = Array(repeating: [Int32](), count: vocabulary.words.count)
        for (number, page) in pages.enumerated() {
            let norm = k1 * (1 - b + b * Double(page.length) / average)
            var titleOnly = page.titleTerms
            for (term, count) in page.terms {
                titleOnly.remove(term)
                let tf = Double(count)
                let q = max(1, Int((tf * (k1 + 1) / (tf + norm) * scale).rounded()))
                postings[Int(term)].append(Int32(number))
                postings[Int(term)].append(Int32(q * 2 + (page.titleTerms.contains(term) ? 1 : 0)))
            }
            for term in titleOnly {
                postings[Int(term)].append(Int32(number))
                postings[Int(term)].append(1)
            }
        }
        let order = vocabulary.words.indices.sorted {
            vocabulary.words[$0].utf16.lexicographicallyPrecedes(vocabulary.words[$1].utf16)
        }
        var firstTerms: [String] = []
        var chunk = JSONBytes()
        var chunkTerms: [String] = []
        func closeChunk() {
            guard !chunkTerms.isEmpty else { return }
            var json = JSONBytes()
            json.raw("{\"terms\":")
            json.strings(chunkTerms)
            json.raw(",\"postings\":[")
            json.bytes += chunk.bytes
            json.raw("]}")
            files.append(file(part, "w/\(firstTerms.count).json", json))
            firstTerms.append(chunkTerms[0])
            chunkTerms = []
            chunk = JSONBytes()
        }
        for term in order {
            if !chunkTerms.isEmpty { chunk.raw(",") }
            chunkTerms.append(vocabulary.words[term])
            encode(postings[term], into: &chunk)
            if chunk.bytes.count >= chunkBytes { closeChunk() }
        }
        closeChunk()
        var index = JSONBytes()
        index.raw("{\"version\":\(formatVersion),\"pages\":\(part.documents.count),\"chunks\":")
        index.strings(firstTerms)
        index.raw("}")
        files.append(file(part, "index.json", index))
        return files.sorted { $0.path < $1.path }
    }

    /// `[page, weight, ...]` with each page number after the first as the step from the one before.
    private static func encode(_ pairs: [Int32], into json: inout JSONBytes) {
        json.raw("[")
        var previous: Int32 = 0
        var index = 0
        while index < pairs.count {
            if index > 0 { json.raw(",") }
            json.integer(Int(pairs[index] - previous))
            json.raw(",")
            json.integer(Int(pairs[index + 1]))
            previous = pairs[index]
            index += 2
        }
        json.raw("]")
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
        SearchIndex.File(path: part.folder + name, data: Data(json.bytes), ruleNumber: part.ruleNumber)
    }
}
