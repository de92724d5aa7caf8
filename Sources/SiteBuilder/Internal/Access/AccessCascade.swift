import AccessRules

/// The rule each folder hands down to what it holds: its section page's own `access:`, else its
/// parent folder's, up to the site root, which hands down the site default. The home page's rule
/// is deliberately not handed down, so a public landing page does not make the whole site public.
/// Each folder's rule is worked out once and remembered: a site's pages are many to a folder.
struct AccessCascade {
    private let sectionRules: [String: SiteAccess.Origin]
    private let siteDefault: SiteAccess.Origin
    private var known: [String: SiteAccess.Origin] = [:]
    /// The folder asked last and its rule: pages come in the order of the sorted listing, a folder's together.
    private var last: (folder: String, origin: SiteAccess.Origin)?

    /// `sections` are every section page with its front matter, drafts left out of the build included:
    /// leaving a section page out must not open its folder.
    init(sections: [ParsedPage], siteDefault: SiteAccess.Origin, display: DisplayPaths) {
        var rules: [String: SiteAccess.Origin] = [:]
        for page in sections where !page.source.folder.isEmpty {
            guard let access = page.frontMatter.access else { continue }
            rules[page.source.folder] = SiteAccess.Origin(rule: access.value, source: display.site(page.source.path))
        }
        sectionRules = rules
        self.siteDefault = siteDefault
    }

    /// The rule that covers everything in `folder` ("" is the site root) that sets none of its own.
    mutating func rule(forFolder folder: String) -> SiteAccess.Origin {
        if let last, last.folder == folder { return last.origin }
        let origin = rule(lookingUp: folder)
        last = (folder, origin)
        return origin
    }

    private mutating func rule(lookingUp folder: String) -> SiteAccess.Origin {
        if let origin = known[folder] { return origin }
        var current = folder
        var origin = siteDefault
        while !current.isEmpty {
            if let own = sectionRules[current] {
                origin = own
                break
            }
            current = SitePath.parent(of: current)
        }
        known[folder] = origin
        return origin
    }
}
