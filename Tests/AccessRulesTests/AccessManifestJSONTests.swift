import AccessRules
import Foundation
import Testing

/// The manifest is written directly rather than through `JSONEncoder`; the bytes must be the same.
@Suite("Access manifest JSON")
struct AccessManifestJSONTests {
    private static func encoderJSON(_ manifest: AccessManifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(manifest))
    }

    /// A manifest of `count` pages in `sections` sections, every `publicEvery`th public and the others signed-in,
    /// their rules written in `sources` files; with its paths in the order they were added.
    private static func generated(_ count: Int, sections: Int, publicEvery: Int, sources: Int)
        -> (AccessManifest, [String])
    {
        var builder = AccessManifestBuilder()
        let paths = (0..<count).map { "/section-\($0 % sections)/page-\($0)/" }
        for (number, path) in paths.enumerated() {
            builder.add(
                path: path, rule: number % publicEvery == 0 ? .public : .signedIn,
                source: "site/\(number % sources).md")
        }
        return (builder.manifest, paths)
    }

    @Test(
        "Paths and sources with quotes, backslashes, control characters and beyond ASCII are written as JSONEncoder writes them"
    )
    func sameBytesAsJSONEncoder() throws {
        var builder = AccessManifestBuilder()
        let odd = [
            "/", "/Z/", "/a/", "/a\u{7F}\u{2028}/", "/b\u{1}\u{8}\u{C}\t\n\r\"\\x/y/", "/ä/", "/é/", "/ÿ/", "/😀/",
            "/z/", "/a/b.html", "/a b/", "/\u{1F}/",
        ]
        let finance = AccessRule.restricted(
            Requirement(roles: ["Finance.Read"], groups: ["0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"]))
        for (number, path) in odd.enumerated() {
            let rule: AccessRule = [.public, .signedIn, finance][number % 3]
            builder.add(path: path, rule: rule, source: number % 2 == 0 ? "site/\"odd\"\\\(number).md" : "site.toml")
        }
        let manifest = builder.manifest
        let written = try manifest.json()
        #expect(written == (try Self.encoderJSON(manifest)))
        #expect(try JSONDecoder().decode(AccessManifest.self, from: Data(written)) == manifest)
    }

    @Test("An empty manifest and one of many generated paths match too")
    func sizes() throws {
        #expect(try AccessManifestBuilder().manifest.json() == (try Self.encoderJSON(AccessManifestBuilder().manifest)))
        var builder = AccessManifestBuilder()
        for number in 0..<2_000 {
            builder.add(
                path: "/section-\(number % 37)/page-\(number)/", rule: .signedIn, source: "site/\(number % 5).md")
        }
        #expect(try builder.manifest.json() == (try Self.encoderJSON(builder.manifest)))
    }

    @Test(
        "A large manifest is written in runs, one per core: the same bytes, and a path named twice at a run's edge is caught"
    )
    func largeManifestsInRuns() throws {
        let (manifest, paths) = Self.generated(10_000, sections: 41, publicEvery: 5, sources: 3)
        let expected = try Self.encoderJSON(manifest)
        let sorted = paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        #expect(try manifest.json(sortingFrom: sorted) == expected)
        #expect(try manifest.json(sortingFrom: paths) == expected)
        // Wherever the runs begin on this machine, the path before a run's first is named twice at one of these.
        let edges = Set((2...8).flatMap { runs in (1..<runs).map { sorted.count * $0 / runs } })
        for edge in edges {
            var twice = sorted
            twice[edge] = twice[edge - 1]
            #expect(try manifest.json(sortingFrom: twice) == expected, "named twice at \(edge)")
        }
    }

    @Test("Sorting from the caller's order writes the same bytes, whatever that order, and only the manifest's paths")
    func sortingFromAnOrder() throws {
        let (manifest, paths) = Self.generated(300, sections: 7, publicEvery: 3, sources: 4)
        let expected = try Self.encoderJSON(manifest)
        let sorted = paths.sorted()
        #expect(try manifest.json(sortingFrom: sorted) == expected)
        #expect(try manifest.json(sortingFrom: sorted.reversed()) == expected)
        #expect(try manifest.json(sortingFrom: paths) == expected)
        var twice = sorted
        twice[7] = twice[8]
        #expect(try manifest.json(sortingFrom: twice) == expected, "one path named twice, another missed")
        var stranger = sorted
        stranger[3] = "/not-in-the-manifest/"
        #expect(try manifest.json(sortingFrom: stranger) == expected, "a path the manifest lacks")
        #expect(try manifest.json(sortingFrom: Array(sorted.dropLast())) == expected, "a path missed")
        #expect(try manifest.json(sortingFrom: []) == expected)
        var accented = AccessManifestBuilder()
        accented.add(path: "/caf\u{E9}/", rule: .public, source: "site.toml")
        // The same path in other code points compares equal, but the manifest's own spelling is written.
        #expect(
            try accented.manifest.json(sortingFrom: ["/cafe\u{301}/"]) == (try Self.encoderJSON(accented.manifest)))
    }
}
