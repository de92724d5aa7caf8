import AccessRules
import Testing

@testable import SitePreview

@Suite("Preview readers")
struct ReaderTests {
    /// Rules: 0 public, 1 signed-in, 2 roles: Finance.Read, 3 groups: g1.
    private static let rules: [AccessRule] = [
        .public, .signedIn, .restricted(Requirement(roles: ["Finance.Read"])), .restricted(Requirement(groups: ["g1"])),
    ]
    private static let policy = try! AccessPolicy(
        manifest: AccessManifest(
            rules: rules,
            sources: ["built-in"],
            paths: [
                "/": .init(rule: 0, source: 0), "/guide/": .init(rule: 1, source: 0),
                "/finance/": .init(rule: 2, source: 0), "/ops/": .init(rule: 3, source: 0),
            ]),
        unknownPaths: .signedIn, emailRulesAllowed: true)

    @Test("--reader values read into readers; mistakes say what to write")
    func parsing() throws {
        #expect(try PreviewReader(parsing: "all") == .everyone)
        #expect(try PreviewReader(parsing: "anonymous").kind == .anonymous)
        guard case .signedIn(let identity) = try PreviewReader(parsing: "role:Finance.Read, group:g1,user:u-1").kind
        else {
            Issue.record("not a signed-in reader")
            return
        }
        #expect(identity.roles == ["Finance.Read"] && identity.groups == ["g1"] && identity.objectID == "u-1")
        #expect(throws: PreviewReader.Failure.self) { try PreviewReader(parsing: "role:") }
        let guesses = ["anonymus": "anonymous", "roles:Finance.Read": "role", "role:a,grop:g1": "group", "admin": nil]
        for (text, meant) in guesses {
            #expect {
                try PreviewReader(parsing: text)
            } throws: { error in
                let description = "\(error)"
                let guess = meant.map { " (did you mean '\($0)'?)" } ?? ""
                return description.hasPrefix("'\(text.split(separator: ",").last!)' names no reader\(guess); use all, ")
            }
        }
    }

    @Test("sitegen_access lists the rules each reader satisfies; the other variables follow the reader")
    func variables() throws {
        let ids = Self.rules.map(\.id)
        let all = PreviewReader.everyone.variables(policy: Self.policy)
        #expect(all["sitegen_access"] == ",\(ids.joined(separator: ","))," && all["sitegen_user"] != "")
        let anonymous = try PreviewReader(parsing: "anonymous").variables(policy: Self.policy)
        #expect(
            anonymous["sitegen_access"] == ",\(ids[0])," && anonymous["sitegen_user"] == ""
                && anonymous["sitegen_name"] == "")
        let finance = try PreviewReader(parsing: "role:Finance.Read").variables(policy: Self.policy)
        #expect(
            finance["sitegen_access"] == ",\(ids[0]),\(ids[1]),\(ids[2]),"
                && finance["sitegen_roles"] == "Finance.Read")
    }

    @Test("Who may open what: everyone all, anonymous public only, others by their rules")
    func decisions() throws {
        #expect(PreviewReader.everyone.decision(forURI: "/ops/", policy: Self.policy) == .allow)
        let anonymous = try PreviewReader(parsing: "anonymous")
        #expect(anonymous.decision(forURI: "/", policy: Self.policy) == .allow)
        #expect(anonymous.decision(forURI: "/guide/", policy: Self.policy) == .signInRequired)
        let signedIn = try PreviewReader(parsing: "signed-in")
        #expect(signedIn.decision(forURI: "/guide/", policy: Self.policy) == .allow)
        #expect(signedIn.decision(forURI: "/missing/", policy: Self.policy) == .allow)
        #expect(
            signedIn.decision(forURI: "/finance/", policy: Self.policy)
                == .forbidden(.restricted(Requirement(roles: ["Finance.Read"]))))
        #expect(try PreviewReader(parsing: "group:G1").decision(forURI: "/ops/", policy: Self.policy) == .allow)
    }
}
