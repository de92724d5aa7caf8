import AccessRules
import Testing

@testable import SiteBuilder

@Suite("Access rules in front matter and site.toml")
struct AccessRuleTests {
    private static let group = "5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"
    private static let user = "8A1E4C2B-5B7D-4F0E-9A43-2C6F1D9E7B10"

    private func parse(_ yaml: String) -> (Located<AccessRule>?, [String]) {
        let (frontMatter, problems) = FrontMatterParser(file: "site/a.md", firstLine: 2).parse(yaml)
        return (frontMatter.access, problems.map { "\($0.line ?? 0): \($0.message)" })
    }

    @Test("Keywords, flow and block mappings, and a single text as a list of one")
    func validRules() {
        #expect(parse("access: public").0?.value == .public)
        #expect(parse("access: signed-in").0?.value == .signedIn)
        let (flow, flowProblems) = parse(
            "title: A\naccess: { roles: [Finance.Read, Finance.Admin], emails: ann@contoso.com }")
        #expect(flowProblems.isEmpty)
        #expect(
            flow?.value
                == .restricted(Requirement(roles: ["Finance.Read", "Finance.Admin"], emails: ["ann@contoso.com"])))
        #expect(flow?.line == 3)
        let (block, blockProblems) = parse(
            """
            access:
              groups:
                - \(Self.group)
              tenants: \(Self.group)
              users: ["\(Self.user)"]
              roles: ["2024"]
            """)
        #expect(blockProblems.isEmpty)
        #expect(
            block?.value
                == .restricted(
                    Requirement(roles: ["2024"], groups: [Self.group], tenants: [Self.group], users: [Self.user])))
    }

    @Test("access is not a template parameter")
    func notAParam() {
        let (frontMatter, _) = FrontMatterParser(file: "site/a.md", firstLine: 2).parse("access: public\nowner: ops")
        #expect(frontMatter.params == ["owner": .string("ops")])
    }

    @Test("Every mistake in a page's access rule is an error with file:line saying what to write")
    func frontMatterErrors() throws {
        let site = try TestSite(pages: [
            "index.md": "",
            "a.md": "---\naccess: everyone\n---\n",
            "b.md": "---\ntitle: B\naccess: Signed-In\n---\n",
            "c.md": "---\naccess:\n  role: [Finance.Read]\n---\n",
            "d.md": "---\naccess: {}\n---\n",
            "e.md": "---\naccess: { roles: [] }\n---\n",
            "f.md": "---\naccess:\n  roles:\n    - Finance.Read\n    - 2024\n    - [a, b]\n---\n",
            "g.md": "---\naccess: { groups: [Finance Team] }\n---\n",
            "h.md": "---\naccess:\n  tenants: contoso.onmicrosoft.com\n---\n",
            "i.md": "---\naccess:\n  users: [ann@contoso.com]\n---\n",
            "j.md": "---\naccess: { emails: [ann] }\n---\n",
            "k.md": "---\naccess:\n---\n",
            "l.md": "---\naccess: [Finance.Read]\n---\n",
            "m.md": "---\naccess: { roles: }\n---\n",
        ])
        let keys = "roles, groups, tenants, users or emails"
        let example = "e.g. access: { roles: [Finance.Read] }"
        let guid = "a GUID such as 5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"
        let empty =
            "this access rule lists no \(keys), so nobody could read what it covers; list at least one, or use signed-in"
        let shape = "'access' must be public, signed-in, or a mapping of \(keys), \(example)"
        #expect(
            site.buildErrors() == [
                "site/a.md:2: front matter: unknown access rule 'everyone'; use public, signed-in, or a mapping of "
                    + "\(keys), \(example)",
                "site/b.md:3: front matter: unknown access rule 'Signed-In' (did you mean 'signed-in'?); use public, "
                    + "signed-in, or a mapping of \(keys), \(example)",
                "site/c.md:3: front matter: unknown key 'role' in access (did you mean 'roles'?); the keys are roles, "
                    + "groups, tenants, users and emails",
                "site/d.md:2: front matter: \(empty)",
                "site/e.md:2: front matter: \(empty)",
                "site/f.md:5: front matter: 'roles' lists 2024, which is not text; write each entry as text, "
                    + "in quotes if need be",
                "site/f.md:6: front matter: 'roles' lists a nested list or mapping, which is not text; write each "
                    + "entry as text, in quotes if need be",
                "site/g.md:2: front matter: 'Finance Team' is not a group object id; Entra names groups by object id, "
                    + "\(guid), shown on the group's overview page in the Entra admin center (to grant access by a "
                    + "name, define an app role and use roles)",
                "site/h.md:3: front matter: 'contoso.onmicrosoft.com' is not a tenant id; use the directory (tenant) "
                    + "id, \(guid), shown on the overview page of Microsoft Entra ID",
                "site/i.md:3: front matter: 'ann@contoso.com' is not a user object id; use the user's object id "
                    + "(oid), \(guid), shown on the user's overview page in the Entra admin center (to grant access "
                    + "by address, use emails)",
                "site/j.md:2: front matter: 'ann' is not an email address or user principal name; write it in full, "
                    + "e.g. ann@contoso.com",
                "site/k.md:2: front matter: \(shape)",
                "site/l.md:2: front matter: \(shape)",
                "site/m.md:2: front matter: 'roles' must be a list, e.g. roles: [Finance.Read]",
            ])
    }

    @Test("site.toml: access as a keyword or an inline table, and contact; mistakes name the line of access")
    func siteTOML() {
        let (config, problems) = SiteConfig.parse(
            "title = \"T\"\ncontact = \"it@acme.example\"\naccess = { roles = \"Staff\", groups = [\"\(Self.group)\"] }\n",
            file: "site/site.toml")
        #expect(problems.isEmpty)
        #expect(config.contact == "it@acme.example")
        #expect(config.access == .restricted(Requirement(roles: ["Staff"], groups: [Self.group])))
        #expect(SiteConfig.parse("access = \"public\"", file: "site/site.toml").0.access == .public)
        #expect(SiteConfig.parse("[access]\nroles = [\"Staff\"]\n", file: "site/site.toml").0.access != nil)
        #expect(SiteConfig().access == nil)

        let errors = [
            "access = \"everyone\"", "access = { role = [\"Staff\"] }", "access = {}", "access = { roles = [1] }",
            "access = [\"Staff\"]",
        ].map { text in
            SiteConfig.parse("title = \"T\"\n" + text, file: "site/site.toml").1.map {
                "\($0.line ?? 0): \($0.message)"
            }
        }
        let keys = "roles, groups, tenants, users or emails"
        let example = "e.g. access = { roles = [\"Finance.Read\"] }"
        #expect(
            errors == [
                ["2: unknown access rule 'everyone'; use public, signed-in, or a mapping of \(keys), \(example)"],
                [
                    "2: unknown key 'role' in access (did you mean 'roles'?); the keys are roles, groups, tenants, "
                        + "users and emails"
                ],
                [
                    "2: this access rule lists no \(keys), so nobody could read what it covers; list at least one, "
                        + "or use signed-in"
                ],
                ["2: 'roles' lists 1, which is not text; write each entry as text, in quotes if need be"],
                ["2: 'access' must be public, signed-in, or a mapping of \(keys), \(example)"],
            ])
    }

    @Test("Object ids are GUIDs in the 8-4-4-4-12 form, in either case")
    func objectIDs() {
        #expect(EntraObjectID.isValid(Self.group))
        #expect(EntraObjectID.isValid(Self.user))
        #expect(!EntraObjectID.isValid("{\(Self.group)}"))
        #expect(!EntraObjectID.isValid("5f1c2e4a0b6d4c8e9f1a2b3c4d5e6f70"))
        #expect(!EntraObjectID.isValid("5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f7g"))
    }
}
