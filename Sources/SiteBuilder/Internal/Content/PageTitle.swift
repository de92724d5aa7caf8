import Foundation

/// The titles the site's other files give a page: the title of a page that gives none of its own, neither front
/// matter `title` nor a first `# heading`, and the name the outline (a book's `SUMMARY.md`, MkDocs's `nav`) gives
/// it in the navigation.
struct PageTitle: Sendable, Equatable {
    let siteTitle: String
    /// The label each folder's `_category_.json` gives it (`FolderCategory`), by the folder's path.
    let folderLabels: [String: String]
    /// The outline's name of each page it names, by the page's site path (`NavigationOutline`).
    let outlinePages: [String: String]
    /// The outline's name of each folder a section of it stands for, by the folder's path.
    let outlineFolders: [String: String]

    /// The page's name in the outline, else the label of the folder a section page is the page of, else the page's
    /// name (`fromName`).
    func fallback(for source: PageSource) -> String {
        if let title = navigationTitle(for: source) { return title }
        if source.isSection, !source.folder.isEmpty, let label = folderLabels[source.folder] { return label }
        return Self.fromName(source.name, siteTitle: siteTitle)
    }

    /// The page's name in the nav, breadcrumbs and pager when its front matter gives none (`nav_title`): its name
    /// in the outline, as mdBook's sidebar shows the summary's link texts and MkDocs's the nav's names; for a
    /// section page, the name of the section that stands for its folder first.
    func navigationTitle(for source: PageSource) -> String? {
        // Every page of every build asks; most sites have no outline, and then no path is hashed.
        guard !outlinePages.isEmpty || !outlineFolders.isEmpty else { return nil }
        if source.isSection, let name = outlineFolders[source.folder] { return name }
        return outlinePages[source.path]
    }

    /// `getting-started` → "Getting started", `02-setup` → "Setup"; the home page falls back to the site title.
    static func fromName(_ name: String, siteTitle: String) -> String {
        guard !name.isEmpty else { return siteTitle }
        let words = (MarkdownFileName.leadingNumber(of: name)?.rest ?? Substring(name)).replacingOccurrences(
            of: "-", with: " "
        ).replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
