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
        let ruleNumber: Int
        let pageCount: Int
        let chunkCount: Int

        init(part: SearchPart, chunkCount: Int) {
            folder = part.folder
            ruleNumber = part.ruleNumber
            pageCount = part.documents.count
            self.chunkCount = chunkCount
        }

        /// Each file's path below the output folder.
        var paths: [String] {
            [folder + "index.json"] + (0..<pageCount).map { folder + "p/\($0).json" }
                + (0..<chunkCount).map { folder + "w/\($0).json" }
        }

        /// A digest that names exactly the files of `sets` and their rule numbers: equal digests, equal files.
        static func key(of sets: [FileSet]) -> String {
            var writer = ByteWriter()
            writer.list(sets) { writer, set in
                writer.string(set.folder)
                writer.int(set.ruleNumber)
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

    /// The postings of every term, in `order`, encoded on all cores: each term's `[page, weight, ...]` one
    /// after the other in `bytes`, the one at `index` in the order ending at `ends[index]`.
    private struct EncodedPostings {
        private var bytes: [UInt8] = []
        private var ends: [Int] = []

        init(_ postings: Postings, _ order: [Int32]) {
            let slices = stride(from: 0, to: order.count, by: 512).map { $0..<min($0 + 512, order.count) }
            let encoded = concurrentMap(slices) { slice in
                var json = JSONBytes()
                var ends: [Int] = []
                ends.reserveCapacity(slice.count)
                for term in order[slice] {
                    postings.encode(term, into: &json)
                    ends.append(json.bytes.count)
                }
                return (json.bytes, ends)
            }
            bytes.reserveCapacity(encoded.reduce(0) { $0 + $1.0.count })
            ends.reserveCapacity(order.count)
            for (sliceBytes, sliceEnds) in encoded {
                let offset = bytes.count
                bytes += sliceBytes
                ends += sliceEnds.map { $0 + offset }
            }
        }

        func length(_ index: Int) -> Int {
            ends[index] - (index == 0 ? 0 : ends[index - 1])
        }

        /// The postings of the terms at `indices`, separated by commas.
        func append(_ indices: ClosedRange<Int>, to json: inout JSONBytes) {
            for index in indices {
                if index > indices.lowerBound { json.byte(UInt8(ascii: ",")) }
                json.bytes += bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
            }
        }
    }

    /// `terms` sorted as JavaScript compares their words, by UTF-16 code units, so the worker can find a
    /// prefix's chunk by binary search.
    private static func inJavaScriptOrder(_ terms: [Int32], _ words: [String]) -> [Int32] {
        let units = terms.map { Array(words[Int($0)].utf16) }
        return terms.indices.sorted { units[$0].lexicographicallyPrecedes(units[$1]) }.map { terms[$0] }
    }

    /// Every word's pages and weights, in one array for all words: word `t`'s are at `starts[t]..<starts[t + 1]`,
    /// pages ascending.
    private struct Postings: Sendable {
        private var starts: [Int]
        private var pageNumbers: [Int32]
        private var weights: [Int32]

        init(_ pages: [SearchPageWords], termCount: Int) {
            // A page number in `inTitle[t]` or `inText[t]` says that page's title or text has word t.
            var inTitle = [Int32](repeating: -1, count: termCount)
            var inText = [Int32](repeating: -1, count: termCount)
            var counts = [Int](repeating: 0, count: termCount + 1)
            for (number, page) in pages.enumerated() {
                let number = Int32(number)
                for index in stride(from: 0, to: page.terms.count, by: 2) {
                    inText[Int(page.terms[index])] = number
                    counts[Int(page.terms[index])] += 1
                }
                for term in page.titleTerms where inText[Int(term)] != number { counts[Int(term)] += 1 }
            }
            starts = [0]
            starts.reserveCapacity(termCount + 1)
            for term in 0..<termCount { starts.append(starts[term] + counts[term]) }
            var next = Array(starts.dropLast())
            pageNumbers = [Int32](repeating: 0, count: starts[termCount])
            weights = pageNumbers
            let lengths = pages.reduce(0) { $0 + $1.length }
            let average = max(1, Double(lengths) / Double(max(1, pages.count)))
            for (number, page) in pages.enumerated() {
                let number = Int32(number)
                for term in page.titleTerms { inTitle[Int(term)] = number }
                let norm = k1 * (1 - b + b * Double(page.length) / average)
                for index in stride(from: 0, to: page.terms.count, by: 2) {
                    let term = Int(page.terms[index])
                    let tf = Double(page.terms[index + 1])
                    let q = max(1, Int((tf * (k1 + 1) / (tf + norm) * scale).rounded()))
                    inText[term] = number
                    pageNumbers[next[term]] = number
                    weights[next[term]] = Int32(q * 2 + (inTitle[term] == number ? 1 : 0))
                    next[term] += 1
                }
                for term in page.titleTerms.map(Int.init) where inText[term] != number {
                    pageNumbers[next[term]] = number
                    weights[next[term]] = 1
                    next[term] += 1
                }
            }
            usedTerms = (0..<termCount).filter { counts[$0] > 0 }.map(Int32.init)
        }

        /// The words some page has; the vocabulary a part starts from may hold words no page has any more.
        let usedTerms: [Int32]

        /// `[page, weight, ...]` with each page number after the first as the step from the one before.
        func encode(_ term: Int32, into json: inout JSONBytes) {
            json.byte(UInt8(ascii: "["))
            var previous: Int32 = 0
            for index in starts[Int(term)]..<starts[Int(term) + 1] {
                if index > starts[Int(term)] { json.byte(UInt8(ascii: ",")) }
                json.integer(Int(pageNumbers[index] - previous))
                json.byte(UInt8(ascii: ","))
                json.integer(Int(weights[index]))
                previous = pageNumbers[index]
            }
            json.byte(UInt8(ascii: "]"))
        }

        /// The vocabulary without the words no page has, and the pages' words numbered in it.
        func compacted(_ words: [String], _ pages: [SearchPageWords]) -> ([String], [SearchPageWords]) {
            let used = usedTerms
            guard used.count < words.count else { return (words, pages) }
            var renumbered = [Int32](repeating: -1, count: words.count)
            for (new, old) in used.enumerated() { renumbered[Int(old)] = Int32(new) }
            let pages = pages.map { page in
                var page = page
                for index in stride(from: 0, to: page.terms.count, by: 2) {
                    page.terms[index] = renumbered[Int(page.terms[index])]
                }
                page.titleTerms = page.titleTerms.map { renumbered[Int($0)] }
                return page
            }
            return (used.map { words[Int($0)] }, pages)
        }
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
