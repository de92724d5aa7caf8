import Foundation

/// The last fallback for a page title, after front matter `title` and the first `# heading`.
enum PageTitle {
    /// `getting-started` → "Getting started", `02-setup` → "Setup"; the home page falls back to the site title.
    static func fromName(_ name: String, siteTitle: String) -> String {
        guard !name.isEmpty else { return siteTitle }
        let words = (MarkdownFileName.leadingNumber(of: name)?.rest ?? Substring(name)).replacingOccurrences(
            of: "-", with: " "
        ).replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
