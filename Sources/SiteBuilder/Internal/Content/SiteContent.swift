/// Turns the list of Markdown files into pages: one section page per folder, pages for the rest.
enum SiteContent {
    /// `index.md`, `_index.md` and `README.md` are each a folder's section page; two in one folder are a problem.
    static func pageSources(markdownFiles: [String], display: DisplayPaths) -> ([PageSource], [Problem]) {
        var sources: [PageSource] = []
        var problems: [Problem] = []
        var sectionFiles: [String: String] = [:]
        for path in markdownFiles {
            let name = SitePath.lastComponent(of: path)
            let folder = SitePath.parent(of: path)
            guard MarkdownFileName.sectionNames.contains(name) else {
                sources.append(PageSource(kind: .page, path: path, folder: folder))
                continue
            }
            if let other = sectionFiles[folder] {
                let message =
                    "both \(display.site(other)) and \(display.site(path)) are the section page of "
                    + "'\(folder.isEmpty ? "/" : folder)'; keep one"
                problems.append(Problem(file: display.site(path), line: nil, message: message))
                continue
            }
            sectionFiles[folder] = path
            sources.append(PageSource(kind: .section, path: path, folder: folder))
        }
        return (sources, problems)
    }

    /// Adds a section page for every folder on the way to a page that has none, home included,
    /// so every page has a parent in the navigation tree.
    static func addingImplicitSections(to sources: [PageSource]) -> [PageSource] {
        let sectionFolders = Set(sources.filter(\.isSection).map(\.folder))
        var needed: Set<String> = [""]
        for source in sources {
            var folder = source.parentFolder
            while let current = folder, !needed.contains(current) {
                needed.insert(current)
                folder = current.isEmpty ? nil : SitePath.parent(of: current)
            }
        }
        let implicit = needed.subtracting(sectionFolders).sorted().map {
            PageSource(kind: .implicitSection, path: $0, folder: $0)
        }
        return sources + implicit
    }
}
