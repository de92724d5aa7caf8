/// The order and names a site's outline gives its pages in the navigation, from a book's `SUMMARY.md`
/// (`BookSummary`) or the `nav` of MkDocs's `mkdocs.yml` (`MkDocsConfig`). Its pages come in its order
/// (`NavigationTree`), each under its name in the navigation (`PageTitle`).
struct NavigationOutline: Sendable, Equatable {
    /// A page it names: the page's site path (`guide/installation.md`), the line of the file naming it, and its name
    /// in the navigation ("Installation"), "" when the file gives none.
    struct Entry: Sendable, Equatable {
        let path: String
        let line: Int
        let title: String
    }

    /// The file, as messages name it: `docs/SUMMARY.md`, `mkdocs.yml`.
    let file: String
    /// The pages named, in order; each path once, where it is first named.
    let entries: [Entry]
    /// The name in the navigation of each folder that a section of the contents stands for, by the folder's path.
    var folderNames: [String: String] = [:]
}
