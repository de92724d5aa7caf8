import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

/// A page whose rule gets stricter is never served with its new text under its old rule: the build publishes
/// the stricter of both rules first, waits for the auth handler to read them, and only then changes the pages.
@Suite("Stricter access rules are published before the pages")
struct StricterRulesFirstTests {
    static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))
    static let board = AccessRule.restricted(Requirement(roles: ["Board.Read"]))
    static let either = AccessRule.restricted(Requirement(roles: ["Finance.Read", "Board.Read"]))
    static let nobody = AccessRule.restricted(Requirement())

    func manifest(_ rules: [String: AccessRule]) -> AccessManifest {
        var builder = AccessManifestBuilder()
        for (path, rule) in rules { builder.add(path: path, rule: rule, source: "site\(path)index.md") }
        return builder.manifest
    }

    /// The site's build options, with the pause after publishing stricter rules set to `pause`.
    static func options(of site: TestSite, pause: Duration) -> BuildOptions {
        var options = site.options
        options.stricterRulesPause = pause
        return options
    }

    func rules(_ manifest: AccessManifest?) -> [String: AccessRule]? {
        manifest.map { manifest in manifest.paths.mapValues { manifest.rules[$0.rule] } }
    }

    @Test("Each path gets the stricter of its two rules, and none when neither is stricter")
    func stricterOfBoth() {
        let interim = InterimManifest.between(
            current: manifest([
                "/a/": .public, "/b/": .signedIn, "/c/": Self.either, "/d/": Self.finance, "/e/": Self.finance,
                "/gone/": Self.finance, "/same/": Self.board,
            ]),
            new: manifest([
                "/a/": Self.finance, "/b/": .public, "/c/": Self.board, "/d/": Self.board, "/e/": .signedIn,
                "/same/": Self.board, "/new/": Self.finance, "/new-public/": .public,
            ]))
        #expect(
            rules(interim) == [
                "/a/": Self.finance, "/b/": .signedIn, "/c/": Self.board, "/d/": Self.nobody, "/e/": Self.finance,
                "/gone/": Self.finance, "/same/": Self.board, "/new/": Self.finance, "/new-public/": .public,
            ])
    }

    @Test("Nothing is published first when no rule gets stricter and no new path is restricted")
    func nothingStricter() {
        let current = manifest(["/a/": Self.finance, "/b/": .signedIn])
        #expect(InterimManifest.between(current: current, new: current) == nil)
        let looser = manifest(["/a/": Self.either, "/b/": .public, "/c/": .signedIn])
        #expect(InterimManifest.between(current: current, new: looser) == nil)
        let restrictedNewPath = manifest(["/a/": Self.finance, "/b/": .signedIn, "/c/": Self.board])
        #expect(rules(InterimManifest.between(current: current, new: restrictedNewPath))?["/c/"] == Self.board)
    }

    @Test("Rules that cannot get stricter need no interim; a path turning stricter among them still does")
    func rulesThatCannotGetStricter() {
        let current = manifest(["/a/": .signedIn, "/b/": .signedIn])
        let more = manifest(["/a/": .signedIn, "/b/": .signedIn, "/c/": .signedIn, "/d/": .public])
        #expect(InterimManifest.between(current: current, new: more) == nil)
        #expect(InterimManifest.between(current: more, new: current) == nil)
        let tighter = manifest(["/a/": .signedIn, "/b/": .signedIn, "/d/": .signedIn])
        #expect(rules(InterimManifest.between(current: more, new: tighter))?["/d/"] == .signedIn)
    }

    @Test("While the build waits, the output holds the old page under the new, stricter rule")
    func pagesWaitForTheRules() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n", "plans.md": "# Plans\n\nOld text.\n"])
        try site.build()
        try site.write(
            ["plans.md": "---\naccess: { roles: [Finance.Read] }\n---\n# Plans\n\nNew text.\n"], under: "site")
        let seen = Recorded<(rule: AccessRule?, page: String?)>()
        let root = site.root
        let report = try SiteBuilder.build(
            options: Self.options(of: site, pause: .milliseconds(50))
        ) { event in
            guard case .stricterRulesFirst = event else { return }
            let data = FileManager.default.contents(atPath: root + "/public/.sitegen/access.json") ?? Data()
            let live = try? JSONDecoder().decode(AccessManifest.self, from: data)
            let page = FileManager.default.contents(atPath: root + "/public/plans/index.html")
            seen.record((rules(live)?["/plans/"], page.map { String(decoding: $0, as: UTF8.self) }))
        }
        #expect(seen.all.count == 1)
        #expect(seen.all.first?.rule == Self.finance)
        #expect(seen.all.first?.page?.contains("Old text.") == true)
        #expect(site.output("plans/index.html")?.contains("New text.") == true)
        let published = try JSONDecoder().decode(
            AccessManifest.self, from: Data((site.output(".sitegen/access.json") ?? "").utf8))
        #expect(rules(published)?["/plans/"] == Self.finance)
        #expect(report.access.restricted == 1)
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
        #expect(site.outputFiles().keys.allSatisfy { !$0.contains("interim") })
    }

    @Test("Two builds of one output take turns: one started while the other pauses waits, and both publish")
    func buildsTakeTurns() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n", "plans.md": "# Plans\n\nOld text.\n"])
        try site.build()
        try site.write(
            ["plans.md": "---\naccess: { roles: [Finance.Read] }\n---\n# Plans\n\nNew text.\n"], under: "site")
        let options = Self.options(of: site, pause: .milliseconds(500))
        let root = site.root
        let second = Recorded<String>()
        let done = DispatchGroup()
        let first = try SiteBuilder.build(options: options) { event in
            guard case .stricterRulesFirst = event else { return }
            _ = FileManager.default.createFile(
                atPath: root + "/site/news.md", contents: Data("# News\n\nFresh.\n".utf8))
            done.enter()
            Thread {
                defer { done.leave() }
                let report = try? SiteBuilder.build(options: options) { event in
                    if case .waitingForAnotherBuild = event { second.record("waited") }
                }
                second.record(report == nil ? "failed" : "published")
            }.start()
            Thread.sleep(forTimeInterval: 0.2)
        }
        done.wait()
        #expect(first.pageCount == 2)
        #expect(second.all == ["waited", "published"])
        #expect(site.output("plans/index.html")?.contains("New text.") == true)
        #expect(site.output("news/index.html")?.contains("Fresh.") == true)
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
    }

    @Test("A looser rule, and a build that waits for nothing, are published without a pause")
    func noPause() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n", "plans.md": "---\naccess: { roles: [A] }\n---\n# P\n"])
        try site.build()
        try site.write(["plans.md": "---\naccess: signed-in\n---\n# P\n"], under: "site")
        let events = Recorded<BuildProgress>()
        _ = try SiteBuilder.build(
            options: Self.options(of: site, pause: .seconds(5))
        ) { event in
            if case .stricterRulesFirst = event { events.record(event) }
        }
        #expect(events.all.isEmpty)
        try site.write(["plans.md": "---\naccess: { roles: [A] }\n---\n# P\n"], under: "site")
        _ = try SiteBuilder.build(options: site.options) { event in
            if case .stricterRulesFirst = event { events.record(event) }
        }
        #expect(events.all.isEmpty, "a preview, with no pause asked for, publishes the rules last")
    }

    @Test("The rules in force come from the build cache's copy only while the live manifest is the one it copies")
    func rulesInForceFollowTheLiveFile() throws {
        let site = try TestSite(pages: ["index.md": "# Home\n", "plans.md": "# Plans\n"])
        try site.build()
        let live = site.root + "/public/.sitegen/access.json"
        var changed = try JSONDecoder().decode(AccessManifest.self, from: Data(contentsOf: URL(fileURLWithPath: live)))
        changed.rules.append(Self.board)
        changed.paths["/plans/"]?.rule = changed.rules.count - 1
        try Data(changed.json()).write(to: URL(fileURLWithPath: live))
        try site.write(["plans.md": "---\naccess: { roles: [Finance.Read] }\n---\n# Plans\n"], under: "site")
        let seen = Recorded<AccessRule?>()
        _ = try SiteBuilder.build(
            options: Self.options(of: site, pause: .milliseconds(1))
        ) { event in
            guard case .stricterRulesFirst = event else { return }
            let interim = try? JSONDecoder().decode(
                AccessManifest.self, from: Data(contentsOf: URL(fileURLWithPath: live)))
            seen.record(rules(interim)?["/plans/"])
        }
        #expect(seen.all == [Self.nobody], "Board.Read in force and Finance.Read next admit no one in between")
    }

    @Test("The build cache's copy of the manifest reads back only with its stamp, whole and consistent")
    func manifestCopy() {
        let kept = manifest(["/a/": Self.finance, "/b/": .signedIn, "/c/": .public])
        let stamp = FileStamp(size: 120, modified: 1_700_000_000_000_000_000)
        let bytes = ManifestCopy.bytes(of: kept, published: stamp)
        #expect(ManifestCopy.manifest(from: bytes, published: stamp) == kept)
        #expect(ManifestCopy.manifest(from: bytes, published: FileStamp(size: 121, modified: stamp.modified)) == nil)
        #expect(ManifestCopy.manifest(from: Array(bytes.dropLast()), published: stamp) == nil)
        var pointsNowhere = kept
        pointsNowhere.paths["/a/"]?.rule = 7
        #expect(
            ManifestCopy.manifest(from: ManifestCopy.bytes(of: pointsNowhere, published: stamp), published: stamp)
                == nil)
    }
}
