import Foundation

/// The title of a page that gives none of its own, neither front matter `title` nor a first `# heading`.
struct PageTitle: Sendable {
    let siteTitle: String
    /// The label each folder's `_category_.json` gives it (`FolderCategory`), by the folder's path.
    let folderLabels: [String: String]

    /// The label of the folder a section page is the page of, else the page's name (`fromName`).
    func fallback(for source: PageSource) -> String {
        if source.isSection, !source.folder.isEmpty, let label = folderLabels[source.folder] { return label }
        return Self.fromName(source.name, siteTitle: siteTitle)
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
