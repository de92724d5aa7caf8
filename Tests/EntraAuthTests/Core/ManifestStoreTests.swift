import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// The manifest in force is swapped whole when a new one is published, and a broken one never replaces it.
struct ManifestStoreTests {
    static let accountant = Identity(
        tenantID: TestProvider.tenantID, objectID: "o1", roles: ["Finance.Read"], groups: [], emails: [])

    let folder = TemporaryFolder()
    let logs = LogCapture()
    let store: ManifestStore

    init() {
        store = ManifestStore(
            path: folder.path + "/access.json", unknownPaths: .deny, emailRulesAllowed: false,
            log: logs.log(time: MovableClock()))
    }

    func publish(secretRule: AccessRule, extraPaths: Int = 0) throws {
        var builder = AccessManifestBuilder()
        builder.add(path: "/", rule: .public, source: "site/index.md")
        builder.add(path: "/secret/", rule: secretRule, source: "site/secret/index.md")
        for number in 0..<extraPaths { builder.add(path: "/page-\(number)/", rule: .signedIn, source: "site.toml") }
        try folder.write("access.json", String(decoding: try JSONEncoder().encode(builder.manifest), as: UTF8.self))
    }

    func decision() throws -> AccessDecision {
        try #require(store.current).decide(uri: "/secret/", identity: Self.accountant)
    }

    @Test func nothingIsInForceBeforeAManifestExists() {
        #expect(store.reloadIfChanged()?.contains("does not exist yet") == true)
        #expect(store.current == nil)
    }

    @Test func aReplacedManifestIsPickedUp() throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(store.reloadIfChanged() == nil)
        #expect(try decision() == .allow)

        try publish(secretRule: AuthHarness.payroll, extraPaths: 3)
        #expect(store.reloadIfChanged() == nil)
        #expect(try decision() == .forbidden(AuthHarness.payroll))
        #expect(logs.lines.filter { $0.contains("event=manifest_loaded") }.count == 2)
    }

    @Test func anUnchangedFileIsNotReread() throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(store.reloadIfChanged() == nil)
        #expect(store.reloadIfChanged() == nil)
        #expect(logs.lines.filter { $0.contains("event=manifest_loaded") }.count == 1)
    }

    @Test(arguments: [
        "{ not json", #"{"version":2,"rules":[],"sources":[],"paths":{}}"#,
        #"{"version":1,"rules":["public"],"sources":["s"],"paths":{"/":{"rule":7,"source":0}}}"#, "",
    ])
    func aCorruptReplacementKeepsThePreviousPolicy(corrupt: String) throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(store.reloadIfChanged() == nil)

        try folder.write("access.json", corrupt)
        let problem = try #require(store.reloadIfChanged())
        #expect(problem.contains("keeping the previous one"))
        #expect(try decision() == .allow)
        #expect(logs.lines.contains { $0.contains("event=manifest_rejected") })

        // A later good manifest is still picked up.
        try publish(secretRule: AuthHarness.payroll)
        #expect(store.reloadIfChanged() == nil)
        #expect(try decision() == .forbidden(AuthHarness.payroll))
    }

    @Test func groupsAreKeptOnlyWhenARuleNamesThem() throws {
        try publish(secretRule: AuthHarness.finance)
        store.reloadIfChanged()
        #expect(!store.usesGroups)
        try publish(secretRule: .restricted(Requirement(groups: [AuthHarness.teamGroup])), extraPaths: 1)
        store.reloadIfChanged()
        #expect(store.usesGroups)
    }
}
