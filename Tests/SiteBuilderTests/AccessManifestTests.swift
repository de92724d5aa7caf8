import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

@Suite("The access manifest")
struct AccessManifestTests {
    private static let pages = [
        "site.toml": "access = \"signed-in\"\n",
        "index.md": "---\naccess: public\n---\n",
        "guide/index.md": "",
        "guide/setup.md": "",
        "finance/index.md": "---\naccess:\n  roles: [Finance.Read]\n---\n",
        "finance/report.md": "",
        "finance/chart.png": "png",
    ]

    private static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))

    private func policy(_ site: TestSite) throws -> AccessPolicy {
        let data = try #require(site.output(AccessManifest.relativePath)).data(using: .utf8)!
        let manifest = try JSONDecoder().decode(AccessManifest.self, from: data)
        #expect(manifest.version == AccessManifest.currentVersion)
        return try AccessPolicy(manifest: manifest, unknownPaths: .deny, emailRulesAllowed: false)
    }

    private static func reader(roles: [String] = []) -> Identity {
        Identity(
            tenantID: "9b1d2c3e-4f50-4a6b-8c7d-0e1f2a3b4c5d", objectID: "8a1e4c2b-5b7d-4f0e-9a43-2c6f1d9e7b10",
            roles: roles, groups: [], emails: [])
    }

    @Test("The written manifest decodes and decides requests as the rules say")
    func decisions() throws {
        let site = try TestSite(pages: Self.pages)
        try site.write(["assets/theme.css": "body{}"], under: "templates")
        try site.build()
        let policy = try policy(site)
        let bob = Self.reader()
        let ann = Self.reader(roles: ["Finance.Read"])
        #expect(policy.decide(uri: "/finance/report/", identity: bob) == .forbidden(Self.finance))
        #expect(policy.decide(uri: "/finance/report/", identity: ann) == .allow)
        #expect(policy.decide(uri: "/finance/report/", identity: nil) == .signInRequired)
        #expect(policy.decide(uri: "/finance/chart.png", identity: bob) == .forbidden(Self.finance))
        #expect(policy.decide(uri: "/guide/../finance//report/index.html", identity: bob) == .forbidden(Self.finance))
        #expect(policy.decide(uri: "/guide/setup/", identity: nil) == .signInRequired)
        #expect(policy.decide(uri: "/guide/setup/", identity: bob) == .allow)
        for uri in ["/", "/index.html", "/403.html", "/404.html", "/signed-out/", "/assets/theme.css"] {
            #expect(policy.decide(uri: uri, identity: nil) == .allow, "\(uri)")
        }
        #expect(policy.decide(uri: "/" + AccessManifest.relativePath, identity: ann) == .forbidden(nil))
        #expect(policy.satisfiedRules(by: bob).ids.count == policy.satisfiedRules(by: ann).ids.count - 1)
    }

    @Test("A failing build keeps the previous manifest; the next good build publishes the new one")
    func publishedWithTheSite() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        let before = try #require(site.output(AccessManifest.relativePath))
        try site.write(
            [
                "guide/setup.md": "---\naccess: { roles: [Handbook.Admin] }\n---\n",
                "guide/broken.md": "---\naccess: everyone\n---\n",
            ], under: "site")
        #expect(site.buildErrors().count == 1)
        #expect(site.output(AccessManifest.relativePath) == before)
        #expect(try policy(site).decide(uri: "/guide/setup/", identity: Self.reader()) == .allow)

        try site.remove("site/guide/broken.md")
        try site.build()
        let admin = AccessRule.restricted(Requirement(roles: ["Handbook.Admin"]))
        #expect(try policy(site).decide(uri: "/guide/setup/", identity: Self.reader()) == .forbidden(admin))
        #expect(try site.namesBesideOutput() == [".sitegen-cache", "public", "site", "templates"])
    }

    @Test("An unchanged site writes the same manifest, so the output is left untouched")
    func stableBytes() throws {
        let site = try TestSite(pages: Self.pages)
        try site.build()
        let before = site.output(AccessManifest.relativePath)
        #expect(try site.build().outputUnchanged)
        #expect(site.output(AccessManifest.relativePath) == before)
    }

    @Test("The report carries the manifest the build published, and none when the output was up to date")
    func reported() throws {
        let site = try TestSite(pages: Self.pages)
        let published = try #require(try site.build().manifest)
        let data = try #require(site.output(AccessManifest.relativePath)).data(using: .utf8)!
        #expect(published == (try JSONDecoder().decode(AccessManifest.self, from: data)))
        #expect(published.paths["/finance/report/"].map { published.rules[$0.rule] } == Self.finance)
        #expect(try site.build().manifest == nil)

        try site.write(["finance/index.md": "---\naccess: signed-in\n---\n"], under: "site")
        let relaxed = try #require(try site.build().manifest)
        #expect(relaxed.paths["/finance/report/"].map { relaxed.rules[$0.rule] } == .signedIn)
    }
}
