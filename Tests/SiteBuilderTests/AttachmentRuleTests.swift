import AccessRules
import Testing

@testable import SiteBuilder

@Suite("The rule of a file linked from pages")
struct AttachmentRuleTests {
    static let hr = AccessRule.restricted(Requirement(roles: ["HR"]))
    static let finance = AccessRule.restricted(Requirement(roles: ["Finance"], groups: ["ABC"]))
    static let folder = SiteAccess.Origin(rule: .signedIn, source: "site/site.toml")

    static func link(_ page: String, _ rule: AccessRule, line: Int = 3) -> AttachmentRule.Link {
        AttachmentRule.Link(page: page, line: line, origin: SiteAccess.Origin(rule: rule, source: page))
    }

    @Test("Any of several rules is one rule: conditions together, the loosest keyword wins")
    func anyOf() {
        #expect(AccessRule.anyOf([]) == nil)
        #expect(AccessRule.anyOf([Self.hr]) == Self.hr)
        #expect(
            AccessRule.anyOf([Self.hr, Self.finance, .restricted(Requirement(roles: ["hr", "HR"], groups: ["abc"]))])
                == .restricted(Requirement(roles: ["HR", "Finance", "hr"], groups: ["ABC"])))
        #expect(AccessRule.anyOf([Self.hr, .signedIn]) == .signedIn)
        #expect(AccessRule.anyOf([.signedIn, .public, Self.hr]) == .public)
    }

    @Test("No link, or a page as loose as the folder, leaves the folder's rule")
    func folderRule() {
        #expect(AttachmentRule.resolve(folder: Self.folder, links: []) == .rule(Self.folder))
        let links = [Self.link("site/a.md", Self.hr), Self.link("site/b.md", .signedIn)]
        #expect(AttachmentRule.resolve(folder: Self.folder, links: links) == .rule(Self.folder))
        let finance = SiteAccess.Origin(rule: Self.finance, source: "site/f/index.md")
        let wider = Self.link("site/c.md", .restricted(Requirement(roles: ["Finance", "Audit"], groups: ["abc"])))
        #expect(AttachmentRule.resolve(folder: finance, links: [wider]) == .rule(finance))
    }

    @Test("Only stricter pages: a reader of any one of them, named by the pages")
    func stricterPages() {
        let links = [
            Self.link("site/b.md", Self.hr), Self.link("site/a.md", Self.finance), Self.link("site/b.md", Self.hr),
        ]
        #expect(
            AttachmentRule.resolve(folder: Self.folder, links: links)
                == .rule(
                    SiteAccess.Origin(
                        rule: .restricted(Requirement(roles: ["HR", "Finance"], groups: ["ABC"])),
                        source: "site/a.md, site/b.md")))
    }

    @Test("A page neither looser nor stricter than the folder is a conflict, even beside stricter ones")
    func conflict() {
        let folder = SiteAccess.Origin(rule: Self.finance, source: "site/f/index.md")
        let stricter = Self.link("site/f/a.md", .restricted(Requirement(roles: ["Finance"])))
        let other = Self.link("site/f/b.md", Self.hr, line: 9)
        #expect(AttachmentRule.resolve(folder: folder, links: [stricter, other]) == .conflict([other]))
        let problem = AttachmentRule.problem(other, file: "f/b.pdf", folder: folder)
        #expect(problem.file == "site/f/b.md" && problem.line == 9)
        #expect(problem.message.contains("roles: Finance; groups: ABC, from site/f/index.md"))
        #expect(problem.message.hasSuffix("[file_access] \"f/b.pdf\" = { roles = [\"HR\"] }"))
    }

    @Test("Links name files relative to their page, or absolute under the site's root; others name none")
    func linkedFile() {
        let cases: [(String, String?)] = [
            ("payroll.xlsx", "guide/payroll.xlsx"), ("../img/a%20b.png?x=1#t", "img/a b.png"),
            ("./sub/../payroll.xlsx", "guide/payroll.xlsx"), ("/docs/guide/payroll.xlsx", "guide/payroll.xlsx"),
            ("/other/payroll.xlsx", nil), ("https://example.com/payroll.xlsx", nil), ("//cdn/x.png", nil),
            ("#top", nil), ("../../../x", nil), ("", nil),
        ]
        for (destination, file) in cases {
            let named = LinkedFiles.file(
                named: destination, folder: "guide", rootURL: "/docs/", repository: nil, isFile: { _ in true })
            #expect(named == file, "\(destination)")
        }
    }
}
