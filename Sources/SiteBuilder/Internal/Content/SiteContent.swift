/// Turns the list of Markdown files into pages: one section page per folder, pages for the rest.
enum SiteContent {
    /// What a README beside an `index.md` is.
    enum ReadmeBesideIndex {
        /// A second section page of its folder: a problem naming both.
        case problem
        /// A page of its own, as Jekyll publishes it.
        case page
        /// Left out with a warning, as MkDocs leaves it out: `index.md` is the folder's page, the README is for
        /// readers browsing the repository.
        case leftOut
    }

    /// `index.md`, `_index.md` and a README are each a folder's section page; two in one folder are a problem,
    /// except a README beside an `index.md` in a Jekyll source or a MkDocs project (`readmeBesideIndex`). A page
    /// beside a folder of its name (`guide.md` and `guide/`), as GitHub shows them side
    /// by side, is that folder's section page when the folder has none of its own, so its rule holds for what the
    /// folder holds, pages or only files (`assetFiles`); when it has one, both would be `guide/`, which is a problem
    /// naming both. Returns the pages, each with its file's stamp (of the same index in `stamps`), and the files that
    /// are no page because another is their folder's page (the problem), each with the folder whose page it would be
    /// (`SiteFiles.secondSectionFiles`).
    ///
    /// `kept` holds what a session worked out in its last build: a page whose source would be the same again is given
    /// that one, made once for the session, with what it works out (its URL, its output file). While the folders
    /// holding files and each folder's section page are as they were, and no README is left out, a file's source
    /// follows from its path alone: a file the last build had takes its source without its name being looked at. (A
    /// README beside an index.md that is a page in a Jekyll source is a second section page in any other site; with
    /// the same section pages, that is a problem the build stops at, whatever source it is given.)
    static func pageSources(
        markdownFiles: [String], stamps: [FileStamp?], assetFiles: [String],
        readmeBesideIndex: ReadmeBesideIndex = .problem, display: DisplayPaths, kept: Kept? = nil
    ) -> ([PageFile], secondSectionFiles: [String: String], [Problem], kept: Kept) {
        var problems: [Problem] = []
        var secondSectionFiles: [String: String] = [:]
        var sectionFiles: [String: String] = [:]
        var isSection = markdownFiles.map(MarkdownFileName.isSectionPath)
        var leftOut: Set<String> = []
        if readmeBesideIndex != .problem {
            let isIndex = markdownFiles.map { MarkdownFileName.isIndexName(SitePath.lastComponent(of: $0)) }
            let foldersWithIndex = Set(zip(markdownFiles, isIndex).filter(\.1).map { SitePath.parent(of: $0.0) })
            for index in markdownFiles.indices where isSection[index] && !isIndex[index] {
                let folder = SitePath.parent(of: markdownFiles[index])
                guard foldersWithIndex.contains(folder) else { continue }
                isSection[index] = false
                guard readmeBesideIndex == .leftOut else { continue }
                leftOut.insert(markdownFiles[index])
                let message =
                    "left out: the index.md beside it is the page of '\(folder.isEmpty ? "/" : folder)', and MkDocs "
                    + "leaves a README beside an index.md out too; merge the two, or rename the README to publish it "
                    + "as a page of its own"
                problems.append(Problem(file: display.site(markdownFiles[index]), message: message, isWarning: true))
            }
        }
        for (path, isSection) in zip(markdownFiles, isSection) where isSection {
            let folder = SitePath.parent(of: path)
            guard let other = sectionFiles[folder] else {
                sectionFiles[folder] = path
                continue
            }
            let message =
                "both \(display.site(other)) and \(display.site(path)) are the section page of "
                + "'\(folder.isEmpty ? "/" : folder)'; keep one"
            problems.append(Problem(file: display.site(path), line: nil, message: message))
            secondSectionFiles[path] = folder
        }
        let foldersWithFiles = Self.folders(holding: [markdownFiles, assetFiles])
        let keptSources = kept?.sources ?? []
        let alignment = ListAlignment(kept: keptSources, current: markdownFiles)
        func last(_ number: Int) -> PageSource? { alignment[number].map { keptSources[$0] } }
        let layoutAsBefore =
            leftOut.isEmpty
            && kept.map { $0.folders == foldersWithFiles && $0.sectionFiles == sectionFiles } ?? false
        func source(_ kind: PageSource.Kind, _ number: Int, folder: String) -> PageSource {
            if let kept = last(number), kept.kind == kind, kept.folder == folder { return kept }
            return PageSource(kind: kind, path: markdownFiles[number], folder: folder)
        }
        var sources: [PageSource] = []
        var pages: [PageFile] = []
        sources.reserveCapacity(markdownFiles.count)
        pages.reserveCapacity(markdownFiles.count)
        func add(_ source: PageSource, _ number: Int) {
            sources.append(source)
            pages.append(PageFile(source: source, stamp: stamps[number]))
        }
        var folder = ""
        for (number, path) in markdownFiles.enumerated() where leftOut.isEmpty || !leftOut.contains(path) {
            if layoutAsBefore, let kept = last(number) {
                add(kept, number)
                continue
            }
            if !SitePath.isParent(folder, of: path) { folder = SitePath.parent(of: path) }
            if isSection[number] {
                if sectionFiles[folder] == path { add(source(.section, number, folder: folder), number) }
                continue
            }
            let stem = MarkdownFileName.stem(of: path)
            guard foldersWithFiles.contains(stem) else {
                add(source(.page, number, folder: folder), number)
                continue
            }
            guard let section = sectionFiles[String(stem)] else {
                add(source(.section, number, folder: String(stem)), number)
                continue
            }
            let name = SitePath.lastComponent(of: path)
            let message =
                "\(display.site(path)) and \(display.site(section)) would both be the page of '\(stem)'; a page "
                + "beside a folder of its name is the folder's page only when the folder has no index.md or "
                + "README.md: merge \(name) into \(display.site(section)), or rename \(name)"
            problems.append(Problem(file: display.site(path), line: nil, message: message))
            secondSectionFiles[path] = String(stem)
        }
        return (
            pages, secondSectionFiles, problems,
            Kept(sources: sources, folders: foldersWithFiles, sectionFiles: sectionFiles)
        )
    }

    /// What `pageSources` keeps for a session's next build: the sources, and what they were worked out from.
    struct Kept: Sendable {
        let sources: [PageSource]
        /// Every folder that holds a file, however deep.
        let folders: Set<Substring>
        /// Each folder's section page, by the folder.
        let sectionFiles: [String: String]
    }

    /// Every folder that holds a file of one of `lists`, however deep, each list sorted (joined, not copied into one);
    /// as substrings, which a page's path without its extension is looked up as without being copied.
    private static func folders(holding lists: [[String]]) -> Set<Substring> {
        var folders: Set<Substring> = []
        var last = ""
        for path in lists.joined() {
            // Its folders were inserted with the file before it.
            if SitePath.isParent(last, of: path) { continue }
            last = SitePath.parent(of: path)
            var folder = last
            while !folder.isEmpty, folders.insert(Substring(folder)).inserted {
                folder = SitePath.parent(of: folder)
            }
        }
        return folders
    }

    /// Adds a section page for every folder on the way to a page that has none, home included,
    /// so every page has a parent in the navigation tree.
    static func addingImplicitSections(to sources: [PageSource]) -> [PageSource] {
        let sectionFolders = Set(sources.filter(\.isSection).map(\.folder))
        var needed: Set<String> = [""]
        // The sources come folder by folder: a page's folders were looked at with the page before it.
        var last: String?
        for source in sources {
            let parent = source.parentFolder
            if parent == last { continue }
            last = parent
            var folder = parent
            while let current = folder, !needed.contains(current) {
                needed.insert(current)
                folder = current.isEmpty ? nil : SitePath.parent(of: current)
            }
        }
        let implicit = needed.subtracting(sectionFolders).sorted().map {
            PageSource(kind: .implicitSection, path: $0, folder: $0)
        }
        // Most sites give every folder a page: the list is then handed on as it is, not copied.
        return implicit.isEmpty ? sources : sources + implicit
    }
}
