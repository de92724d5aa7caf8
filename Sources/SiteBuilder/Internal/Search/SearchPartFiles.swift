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
struct SearchPartFiles {
    /// Changes whenever the files change shape, so a build never keeps files of another format.
    static let formatVersion = 1
    /// A word chunk is closed once it is about this many bytes: a query fetches, from every part, the chunks
    /// its words' prefixes fall in, so small chunks send a reader less they do not need.
    static let chunkBytes = 24_000

    private static let k1 = 1.2
    private static let b = 0.75
    private static let scale = 40.0

    private struct Counted {
        let terms: [String: Int]
        let titleTerms: Set<String>
        let length: Int
    }

    /// The part's files, each path below the output folder, with word chunks of about `chunkBytes`.
    static func files(of part: SearchPart, chunkBytes: Int = chunkBytes) -> [SearchIndex.File] {
        var files: [SearchIndex.File] = []
        var counted: [Counted] = []
        counted.reserveCapacity(part.documents.count)
        for (number, document) in part.documents.enumerated() {
            let text = SearchText(html: document.contentHTML)
            files.append(file(part, "p/\(number).json", pageJSON(document, text: text)))
            counted.append(count(document, text: text))
        }
        let average = max(1, Double(counted.reduce(0) { $0 + $1.length }) / Double(max(1, counted.count)))
        var postings: [String: [Int32]] = [:]
        for (number, page) in counted.enumerated() {
            let norm = k1 * (1 - b + b * Double(page.length) / average)
            var terms = page.terms
            for term in page.titleTerms where terms[term] == nil { terms[term] = 0 }
            for (term, frequency) in terms {
                let tf = Double(frequency)
                let q = frequency == 0 ? 0 : max(1, Int((tf * (k1 + 1) / (tf + norm) * scale).rounded()))
                let weight = q * 2 + (page.titleTerms.contains(term) ? 1 : 0)
                postings[term, default: []].append(contentsOf: [Int32(number), Int32(weight)])
            }
        }
        let terms = postings.keys.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) }
        var firstTerms: [String] = []
        var chunkTerms: [String] = []
        var chunkPostings: [String] = []
        var chunkSize = 0
        func closeChunk() {
            guard !chunkTerms.isEmpty else { return }
            let json =
                "{\"terms\":[" + chunkTerms.map(JSONText.quoted).joined(separator: ",") + "],\"postings\":["
                + chunkPostings.joined(separator: ",") + "]}"
            files.append(file(part, "w/\(firstTerms.count).json", json))
            firstTerms.append(chunkTerms[0])
            chunkTerms = []
            chunkPostings = []
            chunkSize = 0
        }
        for term in terms {
            let encoded = encode(postings[term] ?? [])
            chunkTerms.append(term)
            chunkPostings.append(encoded)
            chunkSize += encoded.utf8.count + term.utf8.count + 4
            if chunkSize >= chunkBytes { closeChunk() }
        }
        closeChunk()
        let index =
            "{\"version\":\(formatVersion),\"pages\":\(part.documents.count),\"chunks\":["
            + firstTerms.map(JSONText.quoted).joined(separator: ",") + "]}"
        files.append(file(part, "index.json", index))
        return files.sorted { $0.path < $1.path }
    }

    private static func count(_ document: SearchDocument, text: SearchText) -> Counted {
        var terms: [String: Int] = [:]
        var length = 0
        for section in text.sections {
            for piece in [section.heading, section.text] {
                SearchWords.forEach(in: piece) { word in
                    terms[word, default: 0] += 1
                    length += 1
                }
            }
        }
        return Counted(terms: terms, titleTerms: Set(SearchWords.words(in: document.title)), length: length)
    }

    /// `[page, weight, ...]` with each page number after the first as the step from the one before.
    private static func encode(_ pairs: [Int32]) -> String {
        var text = "["
        var previous: Int32 = 0
        var index = 0
        while index < pairs.count {
            if index > 0 { text += "," }
            text += "\(pairs[index] - previous),\(pairs[index + 1])"
            previous = pairs[index]
            index += 2
        }
        return text + "]"
    }

    private static func pageJSON(_ document: SearchDocument, text: SearchText) -> String {
        let sections = text.sections.map { section in
            "[" + [section.anchor, section.heading, section.text].map(JSONText.quoted).joined(separator: ",") + "]"
        }
        return "{\"url\":\(JSONText.quoted(document.url)),\"title\":\(JSONText.quoted(document.title)),"
            + "\"breadcrumb\":\(JSONText.quoted(document.breadcrumb.joined(separator: " › "))),"
            + "\"sections\":[\(sections.joined(separator: ","))]}"
    }

    private static func file(_ part: SearchPart, _ name: String, _ json: String) -> SearchIndex.File {
        SearchIndex.File(path: part.folder + name, data: Data(json.utf8), ruleNumber: part.ruleNumber)
    }
}
