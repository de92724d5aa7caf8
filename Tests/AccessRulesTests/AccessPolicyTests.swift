import Foundation
import Testing

@testable import AccessRules

@Suite("Access decisions")
struct AccessPolicyTests {
    static let finance = AccessRule.restricted(Requirement(roles: ["Finance.Read"]))

    static func manifest() -> AccessManifest {
        var builder = AccessManifestBuilder()
        builder.add(path: "/", rule: .public, source: "site/index.md")
        builder.add(path: "/guide/", rule: .signedIn, source: "site.toml")
        builder.add(path: "/guide/setup/", rule: .signedIn, source: "site.toml")
        builder.add(path: "/secret/", rule: finance, source: "site/secret/index.md")
        builder.add(path: "/secret/report.pdf", rule: finance, source: "site/secret/index.md")
        return builder.manifest
    }

    static let reader = Identity(tenantID: "t1", objectID: "o1", roles: [], groups: [], emails: ["ann@example.com"])
    static let accountant = Identity(
        tenantID: "t1", objectID: "o2", roles: ["Finance.Read"], groups: [], emails: []
    )

    func policy(unknown: UnknownPathPolicy = .deny, emails: Bool = false) throws -> AccessPolicy {
        try AccessPolicy(manifest: Self.manifest(), unknownPaths: unknown, emailRulesAllowed: emails)
    }

    @Test func publicPathsNeedNoSignIn() throws {
        #expect(try policy().decide(uri: "/", identity: nil) == .allow)
        #expect(try policy().decide(uri: "/index.html", identity: nil) == .allow)
    }

    @Test func signedInPathsAskAnonymousReadersToSignIn() throws {
        #expect(try policy().decide(uri: "/guide/setup/", identity: nil) == .signInRequired)
        #expect(try policy().decide(uri: "/guide/setup/", identity: Self.reader) == .allow)
        #expect(try policy().decide(uri: "/guide/setup", identity: Self.reader) == .allow)
    }

    @Test func filesWhoseNamesHoldPercentQuestionOrHashAreMatched() throws {
        var builder = AccessManifestBuilder()
        builder.add(path: "/reports/100%/", rule: Self.finance, source: "site/reports/100%/index.md")
        builder.add(path: "/reports/a?b#c.pdf", rule: Self.finance, source: "site/reports/100%/index.md")
        let policy = try AccessPolicy(manifest: builder.manifest, unknownPaths: .deny, emailRulesAllowed: false)
        #expect(policy.decide(uri: "/reports/100%25/", identity: Self.reader) == .forbidden(Self.finance))
        #expect(policy.decide(uri: "/reports/100%25/", identity: Self.accountant) == .allow)
        #expect(policy.decide(uri: "/reports/a%3Fb%23c.pdf", identity: Self.accountant) == .allow)
        #expect(policy.decide(uri: "/reports/a?b#c.pdf", identity: Self.accountant) == .forbidden(nil))
    }

    @Test func restrictedPathsNeedTheRole() throws {
        let policy = try policy()
        #expect(policy.decide(uri: "/secret/", identity: nil) == .signInRequired)
        #expect(policy.decide(uri: "/secret/", identity: Self.reader) == .forbidden(Self.finance))
        #expect(policy.decide(uri: "/secret/report.pdf", identity: Self.reader) == .forbidden(Self.finance))
        #expect(policy.decide(uri: "/secret/", identity: Self.accountant) == .allow)
    }

    @Test(
        "normalisation tricks reach the restricted rule, never a weaker one",
        arguments: [
            "/a/../secret/", "//secret/", "/secret/index.html", "/guide/%2e%2e/secret/", "/guide%2F..%2Fsecret/",
        ]
    )
    func tricksStillRestricted(uri: String) throws {
        #expect(try policy().decide(uri: uri, identity: Self.reader) == .forbidden(Self.finance))
    }

    @Test func unknownAndOtherCasePathsAreDeniedByDefault() throws {
        let policy = try policy()
        #expect(policy.decide(uri: "/Secret/", identity: Self.accountant) == .forbidden(nil))
        #expect(policy.decide(uri: "/.sitegen/access.json", identity: Self.accountant) == .forbidden(nil))
        #expect(policy.decide(uri: "/nope/", identity: nil) == .signInRequired)
        #expect(policy.decide(uri: "/../etc/passwd", identity: Self.accountant) == .forbidden(nil))
    }

    @Test func unknownPathsCanBeOpenedToSignedInReaders() throws {
        let policy = try policy(unknown: .signedIn)
        #expect(policy.decide(uri: "/nope/", identity: Self.reader) == .allow)
        #expect(policy.decide(uri: "/nope/", identity: nil) == .signInRequired)
        #expect(policy.decide(uri: "/../etc/passwd", identity: Self.reader) == .forbidden(nil))
        // What builds keep beside the pages (the manifest lists every restricted path) is never an unknown page,
        // however the path reaches it.
        for uri in [
            "/.sitegen/access.json", "//.sitegen/access.json", "/guide/../.sitegen/access.json", "/%2esitegen/",
            "/docs/.sitegen/access.next.json", "/.sitegen",
        ] {
            #expect(policy.decide(uri: uri, identity: Self.reader) == .forbidden(nil), "\(uri)")
        }
        #expect(policy.decide(uri: "/.sitegenx/", identity: Self.reader) == .allow)
    }

    @Test func emailRulesNeedTheOptIn() throws {
        var builder = AccessManifestBuilder()
        builder.add(path: "/ann/", rule: .restricted(Requirement(emails: ["Ann@Example.com"])), source: "site/ann.md")
        let closed = try AccessPolicy(manifest: builder.manifest, unknownPaths: .deny, emailRulesAllowed: false)
        let open = try AccessPolicy(manifest: builder.manifest, unknownPaths: .deny, emailRulesAllowed: true)
        #expect(closed.decide(uri: "/ann/", identity: Self.reader) != .allow)
        #expect(open.decide(uri: "/ann/", identity: Self.reader) == .allow)
    }

    @Test func everyConditionKindAdmits() {
        let identity = Identity(
            tenantID: "72F988BF-0000-0000-0000-000000000000", objectID: "OID-1", roles: ["Reader"],
            groups: ["G-1"], emails: []
        )
        #expect(Requirement(roles: ["Reader"]).isMet(by: identity, emailRulesAllowed: false))
        #expect(!Requirement(roles: ["reader"]).isMet(by: identity, emailRulesAllowed: false))
        #expect(Requirement(groups: ["g-1"]).isMet(by: identity, emailRulesAllowed: false))
        #expect(
            Requirement(tenants: ["72f988bf-0000-0000-0000-000000000000"]).isMet(by: identity, emailRulesAllowed: false)
        )
        #expect(Requirement(users: ["oid-1"]).isMet(by: identity, emailRulesAllowed: false))
        #expect(!Requirement(groups: ["g-2"], users: ["oid-2"]).isMet(by: identity, emailRulesAllowed: false))
    }

    @Test func satisfiedRulesListWhatTheReaderMayOpen() throws {
        let policy = try policy()
        let manifest = Self.manifest()
        #expect(!policy.satisfiedRules(by: Self.reader).ids.contains(Self.finance.id))
        #expect(policy.satisfiedRules(by: Self.accountant).ids.contains(Self.finance.id))
        #expect(policy.satisfiedRules(by: nil).ids == [AccessRule.public.id])
        #expect(
            policy.satisfiedRules(by: Self.accountant).value == "," + manifest.rules.map(\.id).joined(separator: ",")
                + ",")
        #expect(policy.everyRule.ids == manifest.rules.map(\.id))
        #expect(SatisfiedRules([]).value == ",,")
    }

    @Test func manifestRoundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(Self.manifest())
        #expect(try JSONDecoder().decode(AccessManifest.self, from: data) == Self.manifest())
    }

    @Test func refusesUnknownVersionsAndDanglingRules() throws {
        var future = Self.manifest()
        future.version = 2
        #expect(throws: ManifestError.self) {
            try AccessPolicy(manifest: future, unknownPaths: .deny, emailRulesAllowed: false)
        }
        var dangling = Self.manifest()
        dangling.paths["/x/"] = .init(rule: 99, source: 0)
        #expect(throws: ManifestError.self) {
            try AccessPolicy(manifest: dangling, unknownPaths: .deny, emailRulesAllowed: false)
        }
    }

    @Test func unknownRuleKeywordsAreRejected() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([AccessRule].self, from: Data(#"["everyone"]"#.utf8))
        }
    }

    @Test func theReaderSummaryNamesRolesButNoGroupUserTenantOrAddress() {
        let group = "5f1c9a7e-0d5b-4f63-9a8e-3c2b1d0e9f11"
        let user = "00000000-0000-0000-66f3-3332eca7ea81"
        let everything = Requirement(
            roles: ["Finance.Read", "Finance.Admin"], groups: [group],
            tenants: ["72f988bf-86f1-41af-91ab-2d7cd011db47"],
            users: [user], emails: ["ceo@contoso.example"])
        let summary = AccessRule.restricted(everything).readerSummary
        #expect(
            summary == "one of the app roles Finance.Read, Finance.Admin, or membership of a group the site names, "
                + "or an account of an organisation the site names, or being one of the people the site names")
        for secret in [group, user, "72f988bf", "ceo@"] { #expect(!summary.contains(secret)) }
        #expect(
            AccessRule.restricted(Requirement(roles: ["Finance.Read"])).readerSummary == "the app role Finance.Read")
        #expect(AccessRule.signedIn.readerSummary == "signing in")
        #expect(AccessRule.restricted(Requirement()).readerSummary.contains("reload in a few seconds"))
    }
}
