import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// The manifest in force is swapped whole when a new one is published; one that cannot be used fails closed.
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
        #expect(store.reloadIfChanged()?.contains("does not exist; run `sitegen build`") == true)
        #expect(store.current == nil)
        #expect(store.unavailableReason?.contains("does not exist") == true)
    }

    @Test func theFirstReadLoadsAStoreNeverLoadedAndAQuietStoreLogsOnlyProblems() throws {
        try publish(secretRule: .signedIn)
        let quiet = ManifestStore(
            path: folder.path + "/access.json", unknownPaths: .deny, emailRulesAllowed: false,
            log: logs.log(time: MovableClock()), announcesLoads: false)
        #expect(quiet.current != nil)
        #expect(store.current != nil)
        #expect(logs.lines.filter { $0.contains("event=manifest_loaded") }.count == 1, "\(logs.lines)")

        let missing = ManifestStore(
            path: folder.path + "/missing.json", unknownPaths: .deny, emailRulesAllowed: false,
            log: logs.log(time: MovableClock()), announcesLoads: false)
        #expect(missing.current == nil)
        #expect(logs.lines.contains { $0.contains("event=manifest_rejected") })
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
    func anUnusableReplacementFailsClosedUntilAGoodOneIsPublished(corrupt: String) throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(store.reloadIfChanged() == nil)

        try folder.write("access.json", corrupt)
        let problem = try #require(store.reloadIfChanged())
        #expect(problem.hasPrefix("cannot use the access manifest \(folder.path)/access.json: "))
        #expect(store.current == nil, "the old rules must not stay in force")
        #expect(store.reloadIfChanged() == problem)
        #expect(logs.lines.filter { $0.contains("event=manifest_rejected") }.count == 1, "one line per change")

        try publish(secretRule: AuthHarness.payroll)
        #expect(store.reloadIfChanged() == nil)
        #expect(try decision() == .forbidden(AuthHarness.payroll))
        #expect(store.unavailableReason == nil)
    }

    /// Reading fails for a folder in the file's place whoever runs the test; a file without read permission fails
    /// only for a user other than root, who reads any file.
    @Test func aManifestThatCannotBeReadIsRetriedUntilItCan() throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(store.reloadIfChanged() == nil)
        let path = folder.path + "/access.json"
        let aside = folder.path + "/access.json.aside"
        try FileManager.default.moveItem(atPath: path, toPath: aside)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(store.reloadIfChanged()?.hasPrefix("cannot use the access manifest") == true)
        #expect(store.current == nil)
        #expect(store.reloadIfChanged() != nil, "retried, and still unreadable")
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.moveItem(atPath: aside, toPath: path)
        #expect(store.reloadIfChanged() == nil)
        #expect(try decision() == .allow)
        guard getuid() != 0 else { return }
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)  // a new manifest
        #expect(store.reloadIfChanged() != nil)
        #expect(store.current == nil)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        #expect(store.reloadIfChanged() == nil, "read again once readable, though only its mode changed")
        #expect(try decision() == .allow)
    }

    @Test func aDeletedManifestFailsClosedToo() throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(store.reloadIfChanged() == nil)
        try FileManager.default.removeItem(atPath: folder.path + "/access.json")
        #expect(store.reloadIfChanged()?.contains("does not exist") == true)
        #expect(store.current == nil)
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
