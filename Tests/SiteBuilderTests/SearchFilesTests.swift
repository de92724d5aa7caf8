import Foundation
import Testing

@testable import SiteBuilder

/// The words, texts and files of one part of the search index, as `search-worker.js` reads them.
@Suite("The search index's files")
struct SearchFilesTests {
    private static func document(_ url: String, _ title: String, _ html: String, breadcrumb: [String] = [])
        -> SearchDocument
    {
        SearchDocument(url: url, title: title, breadcrumb: breadcrumb, contentHTML: html)
    }

    private static func json(_ file: SearchIndex.File) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: file.data) as? [String: Any])
    }

    private static func files(_ documents: [SearchDocument], chunkBytes: Int = SearchPartFiles.chunkBytes)
        -> [String: SearchIndex.File]
    {
        let part = SearchPart(ruleID: "q7hc3xte", shard: 1, documents: documents)
        return Dictionary(
            uniqueKeysWithValues: SearchPartFiles.files(of: part, chunkBytes: chunkBytes).map { ($0.path, $0) })
    }

    /// Every term with its postings, from every chunk, in chunk order.
    private static func terms(_ files: [String: SearchIndex.File]) throws -> [(String, [Int])] {
        let index = try json(try #require(files["_search/q7hc3xte/1/index.json"]))
        let chunks = try #require(index["chunks"] as? [String])
        var terms: [(String, [Int])] = []
        for number in chunks.indices {
            let chunk = try json(try #require(files["_search/q7hc3xte/1/w/\(number).json"]))
            let names = try #require(chunk["terms"] as? [String])
            let postings = try #require(chunk["postings"] as? [[Int]])
            #expect(names.first == chunks[number], "index.json names each chunk's first term")
            terms += zip(names, postings).map { ($0, $1) }
        }
        return terms
    }

    @Test("Words are runs of letters and digits, lowercased, as the browser splits a query")
    func words() {
        #expect(
            SearchWords.words(in: "Café AU-lait, 2024: naïve ΟΔΟΣ foo_bar x²")
                == ["café", "au", "lait", "2024", "naïve", "οδοσ", "foo", "bar", "x²"])
        #expect(SearchWords.words(in: " — … ").isEmpty)
    }

    @Test("A page's HTML becomes text in sections, one per heading with an id")
    func text() {
        let html = """
            <p>Intro <em>with</em> foo<strong>bar</strong> &amp; a &lt; b, 3 < 4 &#x2014; &#169; &bogus;</p>
            <ul><li>one</li><li>two</li></ul><!-- a <b>comment</b> --><script>var hidden = "<p>x</p>";</script>
            <nav class="toc-marker" aria-label="Contents"><ul class="toc-list"><li><a href="#set-up">Set up</a></li></ul></nav>
            <h2 id="set-up">Set <code>up</code></h2>
            <p title="a > b">Configure it.</p><style>p { color: red }</style>
            <h3>No id</h3><p>Still set up.</p>
            <h2 id='last'>Last &quot;one&quot;</h2>
            """
        #expect(
            SearchText(html: html).sections == [
                .init(anchor: "", heading: "", text: "Intro with foobar & a < b, 3 < 4 — © &bogus; one two"),
                .init(anchor: "set-up", heading: "Set up", text: "Configure it. No id Still set up."),
                .init(anchor: "last", heading: "Last \"one\"", text: ""),
            ])
        #expect(SearchText(html: "").sections.isEmpty)
        #expect(SearchText(html: "<p>Unclosed <a href=\"x").sections.map(\.text) == ["Unclosed"])
    }

    @Test("Search reads tags as a browser does: spaced and bare values, the first id, instructions and end tags")
    func tagsAsABrowserReadsThem() {
        let html =
            "<?xml version=\"1.0\"?><p>Before</p><h2 data-x=\"a > b\" ID = 'one' id=two>One</h2 class=\"x\">"
            + "<p>Text</p></ >gone?<h3 id=three/>Three</h3>"
        #expect(
            SearchText(html: html).sections == [
                .init(anchor: "", heading: "", text: "Before"),
                .init(anchor: "one", heading: "One", text: "Text gone?"),
                .init(anchor: "three/", heading: "Three", text: ""),
            ])
    }

    @Test("Postings list each page once, page numbers as steps, weights with the title bit")
    func postings() throws {
        let files = Self.files([
            Self.document("/a/", "Alpha guide", "<p>alpha alpha beta</p>"),
            Self.document("/b/", "Other", "<p>gamma</p>"),
            Self.document("/c/", "Third", "<p>alpha gamma gamma gamma gamma gamma gamma gamma gamma</p>"),
        ])
        let terms = Dictionary(uniqueKeysWithValues: try Self.terms(files))
        let alpha = try #require(terms["alpha"])
        #expect(alpha.count == 4 && alpha[0] == 0 && alpha[2] == 2, "pages 0 and 2: 0, then a step of 2")
        #expect(alpha[1] % 2 == 1 && alpha[3] % 2 == 0, "the title bit: in page 0's title, not in page 2's")
        #expect(alpha[1] / 2 > alpha[3] / 2, "twice in a short page weighs more than once in a long one")
        #expect(terms["guide"] == [0, 1], "a word only in the title: no text weight, the title bit")
        #expect(terms["other"] == [1, 1] && terms["gamma"]?.count == 4)
        let index = try Self.json(try #require(files["_search/q7hc3xte/1/index.json"]))
        #expect(index["version"] as? Int == SearchPartFiles.formatVersion && index["pages"] as? Int == 3)
        #expect(files.values.allSatisfy { $0.ruleID == "q7hc3xte" })
    }

    @Test("Terms are sorted as JavaScript compares strings, and chunks follow that order")
    func chunkOrder() throws {
        let words = (0..<300).map { "w\($0)" } + ["𝒳ray", "ｆull", "zebra", "éclair"]
        let files = Self.files(
            [Self.document("/a/", "A", "<p>" + words.joined(separator: " ") + "</p>")], chunkBytes: 200)
        let terms = try Self.terms(files).map(\.0)
        #expect(terms.count == Set(words + ["a"]).count, "every term in exactly one chunk")
        #expect(terms == terms.sorted { $0.utf16.lexicographicallyPrecedes($1.utf16) })
        #expect(terms.suffix(3) == ["éclair", "𝒳ray", "ｆull"], "UTF-16 order: a surrogate pair before U+FF46")
        #expect(files.keys.filter { $0.contains("/w/") }.count > 10, "small chunks")
    }

    @Test("A page's file has what a result shows, and nothing is read as markup")
    func pageFile() throws {
        let files = Self.files([
            Self.document(
                "/guide/\"quoted\"/", "Tabs\tand \"quotes\"", "<p>Before</p><h2 id=\"x\">Heading</h2><p>After\u{1}</p>",
                breadcrumb: ["Guide", "…"])
        ])
        let page = try Self.json(try #require(files["_search/q7hc3xte/1/p/0.json"]))
        #expect(page["url"] as? String == "/guide/\"quoted\"/")
        #expect(page["title"] as? String == "Tabs\tand \"quotes\"")
        #expect(page["breadcrumb"] as? String == "Guide › …")
        #expect(page["sections"] as? [[String]] == [["", "", "Before"], ["x", "Heading", "After\u{1}"]])
    }
}
