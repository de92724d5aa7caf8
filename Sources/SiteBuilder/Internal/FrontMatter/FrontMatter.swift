import AccessRules

/// The YAML block at the top of a page, checked and typed.
struct FrontMatter: Sendable {
    var title: String?
    /// A shorter title for the nav, breadcrumbs and the pager, from `nav_title` (or Hugo's `linkTitle`,
    /// Docusaurus's `sidebar_label`); a section's list of pages still shows the full one.
    var navTitle: String?
    var description = ""
    var date: SiteDate?
    var isDraft = false
    /// Orders pages among their siblings, lowest first; any number (`2.5` goes between 2 and 3).
    var weight: Double?
    /// Old paths that redirect here, each with the line it was written on.
    var aliases: [Located<String>] = []
    var tags: [String] = []
    /// The template named by `template:`, with its line, checked when templates load.
    var template: Located<String>?
    /// Who may read the page (and, on a section page, everything below it), from `access:`.
    var access: Located<AccessRule>?
    /// Every key not listed above, for `page.params`.
    var params: [String: TemplateValue] = [:]
    /// Keys of other tools sitegen does not read, and slips of its own, each with what to write instead
    /// (`OtherToolKeys`); the build warns with them whenever the page is built, from the cache too.
    var warnings: [LineMessage] = []
}

/// A value with the 1-based line of the file it was written on, so later stages can point at it.
struct Located<Value: Sendable>: Sendable {
    var value: Value
    var line: Int
}
