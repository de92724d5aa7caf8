/// What a Jekyll site's source holds besides its pages and files. A site folder with Jekyll's `_config.yml` at
/// its top is such a source, and its build leaves these out as Jekyll does: the settings, layouts, includes,
/// Sass, data, plugins and drafts, Jekyll's own output (`_site/`), and Ruby's and Node's files. Folders of
/// pages, `_posts/` and collections, are listed as any other.
enum JekyllSource {
    /// Whether `names`, the site folder's top-level files, make it a Jekyll source.
    static func isSource(files names: some Sequence<String>) -> Bool {
        names.contains("_config.yml")
    }

    /// Whether a Jekyll source's top-level file or folder `name` is Jekyll's, not the site's.
    static func isJekylls(_ name: String) -> Bool {
        jekylls.contains(name)
    }

    private static let jekylls: Set<String> = [
        "_config.yml", "_layouts", "_includes", "_sass", "_data", "_plugins", "_drafts", "_site", "Gemfile",
        "Gemfile.lock", "node_modules", "vendor",
    ]
}
