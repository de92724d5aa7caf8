import Testing

@testable import SiteBuilder

/// A folder's section page is its `index.md`, `_index.md` or `README.md`, in any case and with any Markdown extension;
/// asked of every Markdown file's path, by its last component.
@Suite("Markdown file names")
struct MarkdownFileNameTests {
    @Test("A path names a section page by its last component alone")
    func sectionPaths() {
        for path in [
            "index.md", "guide/INDEX.MD", "guide/_index.md", "guide/deep/README.md", "readme.markdown", "Index.Md",
        ] {
            #expect(MarkdownFileName.isSectionPath(path), "\(path)")
            #expect(
                MarkdownFileName.isSectionPath(path) == MarkdownFileName.isSectionName(SitePath.lastComponent(of: path))
            )
        }
        for path in [
            "guide/page.md", "guide/index-old.md", "interview.md", "r.md", "index/page.md", "readme/intro.md",
            "guide/_indexes.md", "index.txt", "Index.mdx", "", "guide/",
        ] {
            #expect(!MarkdownFileName.isSectionPath(path), "\(path)")
        }
    }
}
