import AccessRules

/// The rule of a file that pages link to or show (a spreadsheet, a PDF, an image) and that has no rule of its
/// own in `site.toml`: its folder's rule, unless every page linking it is stricter than that.
///
/// `guide/payroll.md` says `access: { roles: [HR] }` and links `guide/payroll.xlsx`, in a folder every signed-in
/// reader may read: the spreadsheet then needs `HR` too, or it would be one click away from readers who may not
/// read the page. With several such pages, a reader of any one of them may read the file (their conditions
/// together make one rule). A page as loose as the folder leaves the folder's rule, since every reader of the
/// folder may read that page anyway. A page whose rule neither admits all of the folder's readers nor only
/// some of them (`roles: [HR]` in a `roles: [Finance]` folder) is an error: "readers of both" is a rule the
/// manifest cannot say, and guessing either way would open the file to someone.
enum AttachmentRule {
    /// One link from a page to the file.
    struct Link: Equatable {
        /// The page as messages name it, e.g. `site/guide/payroll.md`.
        let page: String
        /// The line of the link in the page's file; nil for a file the page includes.
        let line: Int?
        /// The page's rule.
        let origin: SiteAccess.Origin
    }

    enum Outcome: Equatable {
        case rule(SiteAccess.Origin)
        /// The links whose page's rule cannot be compared with the folder's.
        case conflict([Link])
    }

    /// The file's rule, given its folder's and the links to it (in any order, several per page allowed).
    static func resolve(folder: SiteAccess.Origin, links: [Link]) -> Outcome {
        if links.isEmpty || links.contains(where: { folder.rule.implies($0.origin.rule) }) { return .rule(folder) }
        let incomparable = links.filter { !$0.origin.rule.implies(folder.rule) }
        guard incomparable.isEmpty, let rule = AccessRule.anyOf(links.map(\.origin.rule)) else {
            return .conflict(incomparable)
        }
        let pages = Set(links.map(\.page)).sorted()
        return .rule(SiteAccess.Origin(rule: rule, source: pages.joined(separator: ", ")))
    }

    /// The error for a link whose page's rule cannot be compared with the folder's: names the page, the file,
    /// both rules and how to give the file a rule of its own.
    static func problem(_ link: Link, file: String, folder: SiteAccess.Origin) -> Problem {
        let example: String
        switch link.origin.rule {
        case .restricted(let requirement):
            example = "\"\(file)\" = { \(ruleTOML(requirement)) }"
        case .public, .signedIn:
            example = "\"\(file)\" = \"\(link.origin.rule.summary)\""
        }
        let message =
            "links \(file), whose rule (\(folder.rule.summary), from \(folder.source)) admits readers this page's "
            + "rule (\(link.origin.rule.summary)) does not, and this page admits readers the file's rule does not; "
            + "give the file a rule of its own in site.toml, e.g. [file_access] \(example)"
        return Problem(file: link.page, line: link.line, message: message)
    }

    private static func ruleTOML(_ requirement: Requirement) -> String {
        let lists: [(String, [String])] = [
            ("roles", requirement.roles), ("groups", requirement.groups), ("tenants", requirement.tenants),
            ("users", requirement.users), ("emails", requirement.emails),
        ]
        return lists.filter { !$0.1.isEmpty }
            .map { name, values in "\(name) = [\(values.map { "\"\($0)\"" }.joined(separator: ", "))]" }
            .joined(separator: ", ")
    }
}
