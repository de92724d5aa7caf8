import AccessRules
import Foundation
import Testing

@testable import EntraAuth

/// Processes that answer one request read the manifest from a snapshot in `cache_dir` while it is of the same file.
struct ManifestSnapshotTests {
    static let accountant = Identity(
        tenantID: TestProvider.tenantID, objectID: "o1", roles: ["Finance.Read"], groups: [], emails: [])

    let folder = TemporaryFolder()
    var snapshot: ManifestSnapshot { ManifestSnapshot(directory: folder.path + "/cache") }

    /// A new process's store.
    func process() -> ManifestStore {
        ManifestStore(
            path: folder.path + "/access.json", unknownPaths: .deny, emailRulesAllowed: false,
            log: AuthLog(time: MovableClock()) { _ in }, announcesLoads: false, snapshot: snapshot)
    }

    func publish(secretRule: AccessRule, version: Int = AccessManifest.currentVersion) throws {
        var builder = AccessManifestBuilder()
        builder.add(path: "/", rule: .public, source: "site/index.md")
        builder.add(path: "/secret/", rule: secretRule, source: "site/secret/index.md")
        var manifest = builder.manifest
        manifest.version = version
        // Written aside and renamed, as sitegen publishes: a new file, so a new stamp.
        try folder.write("access.json.new", String(decoding: try JSONEncoder().encode(manifest), as: UTF8.self))
        _ = rename(folder.path + "/access.json.new", folder.path + "/access.json")
    }

    func decision(_ store: ManifestStore) throws -> AccessDecision {
        try #require(store.current).decide(uri: "/secret/", identity: Self.accountant)
    }

    @Test func theFirstProcessWritesTheSnapshotAndTheNextReadIt() throws {
        try publish(secretRule: AuthHarness.finance)
        #expect(try decision(process()) == .allow)
        let text = try String(contentsOfFile: snapshot.file, encoding: .utf8)
        #expect(text.hasPrefix("sitegen-auth manifest snapshot 1 "))
        #expect(text.contains("\t/secret/\n"))

        // Proof that the next process reads the snapshot, not the JSON: /secret/ moved to the public rule there.
        let publicRule = text.contains("0\t/\n") ? "0" : "1"
        let edited = text.replacingOccurrences(
            of: #"(?m)^\d+\t/secret/$"#, with: publicRule + "\t/secret/", options: .regularExpression)
        try edited.write(toFile: snapshot.file, atomically: true, encoding: .utf8)
        #expect(try #require(process().current).decide(uri: "/secret/", identity: nil) == .allow)

        try publish(secretRule: AuthHarness.payroll)
        #expect(try decision(process()) == .forbidden(AuthHarness.payroll), "a new manifest file is decoded again")
        #expect(try decision(process()) == .forbidden(AuthHarness.payroll))
    }

    @Test func aManifestThatIsNotInForceLeavesNoSnapshot() throws {
        try publish(secretRule: AuthHarness.finance, version: 99)
        #expect(process().current == nil)
        #expect(!FileManager.default.fileExists(atPath: snapshot.file))
        #expect(process().current == nil)
    }

    @Test func aTruncatedSnapshotIsIgnored() throws {
        try publish(secretRule: AuthHarness.finance)
        _ = process().current
        let text = try String(contentsOfFile: snapshot.file, encoding: .utf8)
        // /secret/ made public in the snapshot and its line put before the last one, which loses its end: read
        // whole, the snapshot would let anyone in; ignored, the manifest asks for sign-in.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let publicRule = lines.contains("0\t/") ? "0" : "1"
        let head = try #require(lines.count == 5 ? lines[0...1] : nil)
        let edited = head.joined(separator: "\n") + "\n" + publicRule + "\t/secret/\n" + publicRule + "\t/\n"
        try String(edited.dropLast(3)).write(toFile: snapshot.file, atomically: true, encoding: .utf8)
        #expect(try #require(process().current).decide(uri: "/secret/", identity: nil) == .signInRequired)
        #expect(try decision(process()) == .allow)
    }
}
