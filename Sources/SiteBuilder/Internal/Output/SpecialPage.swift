/// The pages every site has but no Markdown file owns: each is rendered once from its own required
/// template, and every reader may open it, signed in or not.
enum SpecialPage: CaseIterable {
    case notFound
    case forbidden
    case signedOut

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

    /// The URL path below the site root; nginx is configured with these.
    var routePath: String {
        switch self {
        case .notFound: "404.html"
        case .forbidden: "403.html"
        case .signedOut: "signed-out/"
        }
    }

    var outputPath: String {
        routePath.hasSuffix("/") ? routePath + "index.html" : routePath
    }

    /// How a clash with a site file names it.
    var owner: String {
        "the \(template) page (\(template).mustache)"
    }
}
