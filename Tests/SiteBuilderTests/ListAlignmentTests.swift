import Testing

@testable import SiteBuilder

/// A session's stages find what they kept of an item by where it stood in the last build's list: every item the two
/// lists share is found, wherever the change between them is, and no other.
@Suite("List alignment")
struct ListAlignmentTests {
    /// Each item of `current`'s position in `earlier`, as the alignment gives it, found four ways: by the paths of
    /// `current`, by sources of its own, by the sources `earlier` had where it has them (the same objects, as a
    /// session gives them), and by those mixed with sources of its own (the objects match where the lists start and
    /// end, and paths go on from there); the four must agree.
    private static func positions(from earlier: [String], to current: [String]) -> [Int?] {
        let kept = earlier.map { PageSource(kind: .page, path: $0, folder: "guide") }
        let byPath = ListAlignment(kept: kept, current: current)
        let fresh = current.map { PageSource(kind: .page, path: $0, folder: "guide") }
        let bySource = ListAlignment(kept: kept, current: fresh, source: { $0 })
        let same = current.map { path in
            kept.first { $0.path == path } ?? PageSource(kind: .page, path: path, folder: "")
        }
        let byObject = ListAlignment(kept: kept, current: same, source: { $0 })
        let mixed = current.indices.map { $0 % 3 == 2 ? fresh[$0] : same[$0] }
        let byMixed = ListAlignment(kept: kept, current: mixed, source: { $0 })
        return current.indices.map { index in
            #expect(bySource[index] == byPath[index])
            #expect(byObject[index] == byPath[index])
            #expect(byMixed[index] == byPath[index])
            return byPath[index]
        }
    }

    /// What the alignment must give: each item's position in `earlier`, found by looking through it.
    private static func expected(from earlier: [String], to current: [String]) -> [Int?] {
        current.map { earlier.firstIndex(of: $0) }
    }

    private static let pages = (0..<12).map { "guide/page-\($0).md" }

    @Test("An unchanged list, an added item, a removed item and an edited stretch each find every shared item")
    func changes() {
        var added = Self.pages
        added.insert("guide/new.md", at: 5)
        var removed = Self.pages
        removed.remove(at: 7)
        var replaced = Self.pages
        replaced.replaceSubrange(3..<6, with: ["guide/a.md", "guide/page-4.md", "guide/b.md", "guide/c.md"])
        let cases: [(String, [String])] = [
            ("unchanged", Self.pages), ("added", added), ("removed", removed), ("replaced", replaced),
            ("added first", ["aaa.md"] + Self.pages), ("added last", Self.pages + ["zzz.md"]),
            ("emptied", []), ("all new", ["x.md", "y.md"]), ("reversed", Self.pages.reversed()),
        ]
        for (name, current) in cases {
            #expect(
                Self.positions(from: Self.pages, to: current) == Self.expected(from: Self.pages, to: current), "\(name)"
            )
        }
    }

    @Test("From no earlier list, no item has a position; a list grown from one item finds that item")
    func edges() {
        #expect(Self.positions(from: [], to: Self.pages) == Array(repeating: nil, count: Self.pages.count))
        let grown = ["a.md", "b.md", "c.md"]
        #expect(Self.positions(from: ["b.md"], to: grown) == [nil, 0, nil])
        #expect(Self.positions(from: ["b.md", "b2.md"], to: ["b2.md", "b.md"]) == [1, 0])
    }
}
