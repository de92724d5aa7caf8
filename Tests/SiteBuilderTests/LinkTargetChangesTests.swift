import Foundation
import Testing

@testable import SiteBuilder

/// A change to the site's link targets asks again only the links that may resolve differently: those naming a
/// changed page, draft or asset; every link when a section, the root URL or the repository changed.
@Suite("Link target changes")
struct LinkTargetChangesTests {
    private static func index(_ paths: [String], assets: [String] = [], drafts: Set<String> = [], root: String = "/")
        -> LinkIndex
    {
        let pages = paths.map { path in
            let folder = SitePath.parent(of: path)
            let kind: PageSource.Kind = SitePath.lastComponent(of: path) == "index.md" ? .section : .page
            return ParsedPage(source: PageSource(kind: kind, path: path, folder: folder), rootURL: root)
        }
        return LinkIndex(pages: pages, drafts: drafts, inputs: .init(assets: assets, rootURL: root))
    }

    private static let site = ["index.md", "guide/index.md", "guide/setup.md", "guide/usage.md", "ref/api.md"]

    private static func changes(to later: LinkIndex, from earlier: LinkIndex = index(site)) -> LinkTargetChanges? {
        LinkTargetChanges(earlier: earlier.described, current: later)
    }

    @Test("A new page asks again the links that name it, by .md path, .html name or escapes, and no others")
    func newPage() throws {
        let changes = try #require(Self.changes(to: Self.index(Self.site + ["guide/tuning.md"])))
        #expect(changes.addedPages == ["guide/tuning.md"])
        for named in ["tuning.md", "../guide/tuning.md#cache", "/guide/tuning.html", "{{ site.baseurl }}/tuning.html"] {
            #expect(changes.mayChange(named), "\(named)")
        }
        #expect(changes.mayChange("t%75ning.md"), "a name may be spelled in escapes")
        #expect(changes.mayChange("tüning.md"), "a name may be spelled otherwise beyond ASCII")
        for other in ["setup.md", "../ref/api.md#list", "https://example.com/", "#top", "usage.html"] {
            #expect(!changes.mayChange(other), "\(other)")
        }
    }

    @Test("A deleted page, draft or asset asks again the links that name it")
    func removedTargets() throws {
        let earlier = Self.index(Self.site, assets: ["img/logo.png"], drafts: ["guide/plans.md"])
        let later = Self.index(Self.site.filter { $0 != "ref/api.md" }, assets: ["img/logo.png"])
        let changes = try #require(Self.changes(to: later, from: earlier))
        #expect(changes.addedPages.isEmpty)
        #expect(changes.mayChange("../ref/api.md") && changes.mayChange("plans.md"))
        #expect(!changes.mayChange("../img/logo.png") && !changes.mayChange("setup.md"))
        let withoutLogo = try #require(
            Self.changes(
                to: Self.index(Self.site, assets: ["img/new.png"]),
                from: Self.index(Self.site, assets: ["img/logo.png"])))
        #expect(withoutLogo.mayChange("img/logo.png") && withoutLogo.mayChange("img/new.png"))
    }

    @Test("Nothing changed asks nothing again")
    func sameTargets() throws {
        let changes = try #require(Self.changes(to: Self.index(Self.site)))
        #expect(!changes.mayChange("setup.md") && !changes.mayChange("%20"))
    }

    @Test("A new or deleted section, another root URL or unreadable targets ask every link again")
    func everyLinkAskedAgain() {
        #expect(Self.changes(to: Self.index(Self.site + ["ref/index.md"])) == nil)
        #expect(Self.changes(to: Self.index(Self.site.filter { $0 != "guide/index.md" })) == nil)
        #expect(Self.changes(to: Self.index(Self.site, root: "/docs/")) == nil)
        #expect(LinkTargetChanges(earlier: [1, 2, 3], current: Self.index(Self.site)) == nil)
    }

    @Test("A page's destinations kept as one run of bytes are asked as its links are one by one")
    func destinationsAskedTogether() throws {
        let changes = try #require(Self.changes(to: Self.index(Self.site + ["guide/tuning.md"])))
        let pages: [[String]] = [
            [], ["setup.md", "#top"], ["setup.md", "../guide/tuning.md#cache"],
            ["https://example.com/", "t%75ning.md"],
            ["tüning.md"], [WikiLinks.scheme + "Tuning"], ["../tun", "ing.md"], ["usage.html", "/guide/tuning.html"],
        ]
        for destinations in pages {
            let links = destinations.map { ResolvedLink(destination: $0, line: 1, resolution: .unchanged) }
            #expect(
                changes.mayChange(anyOf: LinkDestinations(links)) == destinations.contains(where: changes.mayChange),
                "\(destinations)")
        }
        #expect(!changes.mayChange(anyOf: LinkDestinations([])))
        #expect(
            changes.mayChange(
                anyOf: LinkDestinations([ResolvedLink(destination: "tuning.md", line: 1, resolution: .unchanged)])))
        let none = try #require(Self.changes(to: Self.index(Self.site)))
        #expect(
            !none.mayChange(
                anyOf: LinkDestinations([ResolvedLink(destination: "t%75ning.md", line: 1, resolution: .unchanged)])))
    }

    @Test("In a session, a page whose link was broken before a page of its name came is rendered again")
    func brokenLinkMendedInASession() throws {
        // The page with the link is in another folder than the new page, so its navigation stays as it was: only
        // its link can make it render again.
        let site = try TestSite(pages: [
            "index.md": "", "guide/usage.md": "Use it.\n", "notes/setup.md": "See [tuning](../guide/tuning.md).\n",
            "notes/more.md": "More.\n",
        ])
        var options = site.options
        options.brokenLinksAreWarnings = true
        try EditedSite.age(site.root + "/site")
        let session = BuildSession(options: options)
        _ = try session.build()
        // The second build takes the first's pages from the cache, and the session keeps what it made of them.
        try site.write(["notes/more.md": "More, edited.\n"], under: "site")
        _ = try session.build(changed: [site.root + "/site/notes/more.md"])
        try site.write(["guide/tuning.md": "Tune it.\n"], under: "site")
        let report = try session.build(changed: [site.root + "/site/guide/tuning.md"])
        #expect(report.changedFiles.contains("notes/setup/index.html"))
        #expect(!report.changedFiles.contains("notes/more/index.html"))
        #expect(site.output("notes/setup/index.html")?.contains("href=\"/guide/tuning/\"") == true)
    }

    @Test("A page whose link was broken before a page of its name came is rendered again, as a clean build renders it")
    func brokenLinkMended() throws {
        let site = try TestSite(pages: [
            "index.md": "", "guide/setup.md": "See [tuning](tuning.md).\n", "guide/usage.md": "Use it.\n",
        ])
        try site.build { $0.brokenLinksAreWarnings = true }
        try EditedSite.age(site.root + "/site")
        try site.build { $0.brokenLinksAreWarnings = true }
        try site.write(["guide/tuning.md": "Tune it.\n"], under: "site")
        let report = try site.build { $0.brokenLinksAreWarnings = true }
        #expect(report.changedFiles.contains("guide/setup/index.html"))
        #expect(!report.changedFiles.contains("guide/usage/index.html"))
        #expect(site.output("guide/setup/index.html")?.contains("href=\"/guide/tuning/\"") == true)
    }
}
