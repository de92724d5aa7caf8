import Testing

@testable import SiteBuilder

/// In a session, a build's record inputs start from the last published build's: only the pages the front matter stage
/// did not take again are named and compared, and the result is what working every page out again gives.
@Suite("Record inputs")
struct RecordInputsTests {
    private static let display = DisplayPaths(siteFolder: "site", templatesFolder: "templates")
    private static let settings = ["site/site.toml": input("toml")]

    private static func input(_ digest: String) -> InputRecord {
        InputRecord(stamp: FileStamp(size: digest.count, modified: 1), digest: digest)
    }

    private static func page(_ path: String, _ digest: String) -> ParsedPage {
        ParsedPage(
            source: PageSource(kind: .page, path: path, folder: SitePath.parent(of: path)), rootURL: "/",
            file: input(digest))
    }

    private static func files(_ pages: [ParsedPage]) -> [PageFile] {
        pages.map { PageFile(source: $0.source, stamp: $0.file?.stamp) }
    }

    private static func record(_ inputs: RecordInputs, started: Int) -> BuildRecord {
        var all = inputs.pages
        for (path, input) in inputs.settings where all[path] == nil { all[path] = input }
        return BuildRecord(
            generator: "test", options: "", started: started, linkTargets: "", inputs: all, files: [:], pageCount: 0,
            assetCount: 0, aliasCount: 0, access: AccessCounts(), warnings: [])
    }

    @Test("A page added, one removed and one read again are worked out; the pages taken again keep their inputs")
    func startsFromTheLastBuild() throws {
        let first = [
            Self.page("a.md", "a1"), Self.page("b.md", "b1"), Self.page("c.md", "c1"), Self.page("d.md", "d1"),
        ]
        let inputs = RecordInputs(
            first, files: Self.files(first), settings: Self.settings, previous: nil, kept: nil, display: Self.display)
        let previous = Self.record(inputs, started: 42)
        let kept = RecordInputs.Kept(
            started: 42, sources: first.map(\.source), parsed: first, pages: inputs.pages)
        // b.md read again with other bytes, c.md removed, b2.md added; a.md and d.md taken again as they were.
        let second = [first[0], Self.page("b.md", "b2"), Self.page("b2.md", "new"), first[3]]
        let settings = ["site/site.toml": Self.input("toml, edited")]
        let fromKept = RecordInputs(
            second, files: Self.files(second), settings: settings, previous: previous, kept: kept,
            display: Self.display)
        let again = RecordInputs(
            second, files: Self.files(second), settings: settings, previous: previous, kept: nil,
            display: Self.display)
        #expect(fromKept.pages == again.pages)
        #expect(fromKept.changed == again.changed)
        #expect(fromKept.pages.keys.sorted() == ["site/a.md", "site/b.md", "site/b2.md", "site/d.md"])
        #expect(fromKept.changed.keys.sorted() == ["site/b.md", "site/b2.md", "site/site.toml"])
    }

    @Test("What was kept for another record is not started from")
    func keptForAnotherRecord() throws {
        let pages = [Self.page("a.md", "a1")]
        let kept = RecordInputs.Kept(
            started: 41, sources: pages.map(\.source), parsed: pages, pages: ["site/a.md": Self.input("stale")])
        let previous = Self.record(
            RecordInputs(
                pages, files: Self.files(pages), settings: [:], previous: nil, kept: nil, display: Self.display),
            started: 42)
        let inputs = RecordInputs(
            pages, files: Self.files(pages), settings: [:], previous: previous, kept: kept, display: Self.display)
        #expect(inputs.pages == ["site/a.md": Self.input("a1")])
        #expect(inputs.changed.isEmpty)
    }
}
