/// The postings of a search part: which pages each word is in, with what weight, and how they are encoded
/// into the word chunks (see `SearchPartFiles` for the format and the weights).
extension SearchPartFiles {
    private static let k1 = 1.2
    private static let b = 0.75
    private static let scale = 40.0

    /// The postings of every term, in `order`, encoded on all cores: each term's `[page, weight, ...]` one
    /// after the other in `bytes`, the one at `index` in the order ending at `ends[index]`.
    struct EncodedPostings {
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
    static func inJavaScriptOrder(_ terms: [Int32], _ words: [String]) -> [Int32] {
        let units = terms.map { Array(words[Int($0)].utf16) }
        return terms.indices.sorted { units[$0].lexicographicallyPrecedes(units[$1]) }.map { terms[$0] }
    }

    /// Every word's pages and weights, in one array for all words: word `t`'s are at `starts[t]..<starts[t + 1]`,
    /// pages ascending.
    struct Postings: Sendable {
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
}
