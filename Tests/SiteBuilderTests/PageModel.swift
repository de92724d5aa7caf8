import Foundation

@testable import SiteBuilder

/// One page as the test writes it.
struct PageModel {
    var title: String?
    /// Written as `nav_title:` or Docusaurus's `sidebar_label:`, by its length.
    var navTitle: String?
    var weight: Int?
    var access: String?
    var language: String?
    var description: String?
    var date: String?
    var aliases: [String] = []
    var draft = false
    var headings: [String] = []
    var paragraphs: [String] = []
    /// Links, every other one written as raw HTML (`<a href>`).
    var links: [String] = []
    /// Images shown with raw HTML (`<img src>`), by their address.
    var images: [String] = []

    var markdown: String {
        var lines = ["---"]
        if let title { lines.append("title: \(title)") }
        if let navTitle { lines.append((navTitle.count % 2 == 0 ? "nav_title: " : "sidebar_label: ") + navTitle) }
        if let weight { lines.append("weight: \(weight)") }
        if let access { lines.append("access: \(access)") }
        if let language { lines.append("language: \(language)") }
        if let description { lines.append("description: \(description)") }
        if let date { lines.append("date: \(date)") }
        if !aliases.isEmpty { lines.append("aliases: [\(aliases.joined(separator: ", "))]") }
        if draft { lines.append("draft: true") }
        lines += ["---", ""]
        if let title, paragraphs.count % 2 == 1 { lines += ["# \(title)", ""] }
        for (number, paragraph) in paragraphs.enumerated() {
            lines += [paragraph, ""]
            if number < headings.count { lines += ["## \(headings[number])", ""] }
        }
        for (number, link) in links.enumerated() {
            // A Markdown link, a raw HTML one, Hugo's ref, which also finds a page from the top and by its name, or a
            // wiki link, which finds it in any case too.
            let written = [
                "See [there](\(link)).", "See <a href=\"\(link)\">there</a>.", "See [there]({{< ref \"\(link)\" >}}).",
                "See [[\(link)|there]].",
            ]
            lines += [written[(number + link.utf8.count) % 4], ""]
        }
        for image in images { lines += ["<p align=\"center\"><img src=\"\(image)\" width=\"40\"></p>", ""] }
        return lines.joined(separator: "\n")
    }

    static func random(using random: inout SplitMix64) -> PageModel {
        var page = PageModel()
        page.title = random.next(below: 3) == 0 ? nil : random.words(2).capitalized
        page.weight = random.next(below: 2) == 0 ? nil : random.next(below: 5)
        page.access = random.next(below: 3) == 0 ? randomAccess(using: &random) : nil
        page.draft = random.next(below: 8) == 0
        page.headings = (0..<random.next(below: 3)).map { _ in randomHeading(using: &random) }
        page.paragraphs = (0..<1 + random.next(below: 3)).map { _ in random.sentence() }
        return page
    }

    static func randomAccess(using random: inout SplitMix64) -> String? {
        [
            "public", "signed-in", "{ roles: [Finance.Read] }", "{ groups: [5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70] }",
            nil,
        ][random.next(below: 5)]
    }

    /// Two words, now and then with an id written after them (`{#proxy}`) or ` -- ` between them, which MkDocs
    /// and GitHub make different ids of.
    static func randomHeading(using random: inout SplitMix64) -> String {
        let words = random.words(2)
        switch random.next(below: 4) {
        case 0: return words + " {#" + random.words(1) + "}"
        case 1: return words.replacingOccurrences(of: " ", with: " -- ")
        default: return words
        }
    }

    /// A relative link from `path` to another page, to one of its headings half of the time: by the id written
    /// with it, else by GitHub's or MkDocs's id.
    static func randomLink(
        using random: inout SplitMix64, from path: String, to paths: [String], pages: [String: PageModel]
    ) -> String {
        let target = paths[random.next(below: paths.count)]
        let depth = path.split(separator: "/").count - 1
        let relative = String(repeating: "../", count: depth) + target
        guard random.next(below: 2) == 0, let heading = pages[target]?.headings.first else { return relative }
        if let written = HeadingAttributes(endOf: Array(heading.utf8)) { return relative + "#" + written.id }
        return relative + "#" + (random.next(below: 2) == 0 ? HeadingIDs.slug(heading) : MkDocsIDs.slug(heading))
    }
}

/// A small seeded random number generator, the same on every platform.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// `elements` in an order drawn at random (Fisher–Yates).
    mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var shuffled = elements
        for index in shuffled.indices.reversed() {
            shuffled.swapAt(index, next(below: index + 1))
        }
        return shuffled
    }

    private static let vocabulary = [
        "proxy", "setup", "cache", "token", "route", "policy", "volume", "tenant", "backup", "deploy", "ledger",
        "signal", "report", "access", "finance", "install",
    ]

    mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in Self.vocabulary[next(below: Self.vocabulary.count)] }.joined(separator: " ")
    }

    mutating func sentence() -> String {
        words(1).capitalized + " " + words(3 + next(below: 6)) + "."
    }
}
