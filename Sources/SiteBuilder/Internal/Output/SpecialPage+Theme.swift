import AccessRules

/// How the build makes each special page: rendered once from its own required template.
extension SpecialPage {
    var template: String {
        switch self {
        case .notFound: "404"
        case .forbidden: "403"
        case .signedOut: "signed-out"
        }
    }

    /// `page.title` in its context.
    var title: String {
        switch self {
        case .notFound: "Page not found"
        case .forbidden: "Access denied"
        case .signedOut: "Signed out"
        }
    }

    /// How a clash with a site file names it.
    var owner: String {
        "the \(template) page (\(template).mustache)"
    }
}
