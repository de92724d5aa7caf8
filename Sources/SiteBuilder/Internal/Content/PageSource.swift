import AccessRules

/// Where a page comes from and where it goes: its Markdown file (if any) and its pretty URL. A class: every
/// stage hands each page's source on, and a copy of four strings cost four reference counts where one costs one.
final class PageSource: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `guide/setup.md`
        case page
        /// `guide/index.md`, `guide/_index.md`, `guide/README.md`, or `guide.md` beside a `guide/` without one
        case section
        /// A folder with pages but no index file; it gets a section page listing its pages.
        case implicitSection
    }

    let kind: Kind
    /// The Markdown file relative to the site folder; for an implicit section, its folder.
    let path: String
    /// The folder this page describes (sections) or lives in (pages); "" is the site root.
    let folder: String

    /// The URL path below the site root: `guide/setup/`, `guide/`, or "" for the home page.
    let routePath: String
    /// The file written for this page: `guide/setup/index.html`. Kept, as `routePath` is: every build looks
    /// both up for every page several times.
    let outputPath: String

    init(kind: Kind, path: String, folder: String) {
        self.kind = kind
        self.path = path
        self.folder = folder
        routePath =
            switch kind {
            case .page: String(MarkdownFileName.stem(of: path)) + "/"
            case .section, .implicitSection: folder.isEmpty ? "" : folder + "/"
            }
        outputPath = OutputPath.file(ofRoute: routePath)
    }

    var isSection: Bool { kind != .page }

    static func == (left: PageSource, right: PageSource) -> Bool {
        left === right || (left.kind == right.kind && left.path == right.path && left.folder == right.folder)
    }

    /// The folder holding the Markdown file, which its relative links start from: `folder`, but for a page
    /// beside the folder it is the section page of (`guide.md` for `guide/`), that page's own folder.
    var fileFolder: String {
        kind == .implicitSection ? folder : SitePath.parent(of: path)
    }

    /// The section folder whose navigation lists this page; nil for the home page.
    var parentFolder: String? {
        switch kind {
        case .page: folder
        case .section, .implicitSection: folder.isEmpty ? nil : SitePath.parent(of: folder)
        }
    }

    /// The name used when nothing better is known, and by `nav` in `site.toml`: `setup`, `guide`.
    var name: String {
        switch kind {
        case .page: SitePath.lastComponent(of: String(MarkdownFileName.stem(of: path)))
        case .section, .implicitSection: SitePath.lastComponent(of: folder)
        }
    }
}
