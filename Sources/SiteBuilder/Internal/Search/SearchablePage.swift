import AccessRules

/// One page as the search index is given it: plain values, nothing else of the build.
struct SearchablePage: Sendable {
    /// A section above the page, with the rule that governs it.
    struct Section: Sendable {
        let title: String
        let rule: AccessRule
    }

    /// The page's URL path, e.g. `/guide/setup/`.
    let url: String
    let title: String
    /// The page's rendered Markdown; headings keep their ids, so a result can lead to a section.
    let contentHTML: String
    let rule: AccessRule
    /// The id of `rule` (`AccessRule.id`): the part of the index the page goes to.
    let ruleID: String
    /// The sections from the top level down to the page's own, the home page left out.
    let sections: [Section]
}
