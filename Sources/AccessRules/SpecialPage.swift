/// The pages every site has but no Markdown file owns, at fixed places both halves rely on: the build writes
/// them and lists them as public in the access manifest, nginx names `404.html` and `403.html` in
/// `error_page`, the preview answers refused and missing paths with them, and `sitegen-auth` sends readers
/// to `signed-out/` after signing out. Every reader may open them, signed in or not.
public enum SpecialPage: CaseIterable, Sendable {
    /// `404.html`, for a path the site does not publish.
    case notFound
    /// `403.html`, for a reader an access rule refuses.
    case forbidden
    /// `signed-out/`, where a reader lands after signing out.
    case signedOut

    /// The route below the site root; see `OutputPath`.
    public var routePath: String {
        switch self {
        case .notFound: "404.html"
        case .forbidden: "403.html"
        case .signedOut: "signed-out/"
        }
    }

    /// The file written for it in the output folder.
    public var outputPath: String {
        OutputPath.file(ofRoute: routePath)
    }
}
