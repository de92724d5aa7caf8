import Testing

@testable import SiteBuilder

@Suite("Build cache file")
struct BuildCacheTests {
    @Test("The manifest reads back as written, tabs, line breaks and backslashes in text included")
    func roundTrip() throws {
        let manifest = OutputManifest(
            generator: "sitegen 0.1.0",
            inputs: "ab12",
            files: [
                "guide/setup/index.html": .init(
                    key: "9c1e", stamp: .init(size: 24310, modified: 1_763_772_000_123_456_789)),
                "odd\tname\\with\nbreaks.png": .init(key: "asset", stamp: .init(size: 0, modified: 7)),
            ],
            pageCount: 812, assetCount: 37, aliasCount: 4,
            access: AccessCounts(signedIn: 790, public: 2, restricted: 20),
            warnings: [
                BuildError(
                    stage: .checkLinks, file: "site/a.md", line: 12, message: "'x.md' names no page;\tsee\nthis"),
                BuildError(stage: .publish, file: nil, message: "the site was published, but…"),
            ])
        #expect(OutputManifest(bytes: Array(manifest.text.utf8)) == manifest)
    }

    @Test("A damaged or foreign file is no manifest")
    func rejects() {
        #expect(OutputManifest(bytes: Array("".utf8)) == nil)
        #expect(OutputManifest(bytes: Array("{\"files\": {}}".utf8)) == nil)
        #expect(OutputManifest(bytes: Array("sitegen-build-cache 1\ncounts\t1\t2\t3\n".utf8)) == nil)
        #expect(OutputManifest(bytes: Array("sitegen-build-cache 1\nfile\tkey\tbig\t1\tindex.html\n".utf8)) == nil)
    }
}
