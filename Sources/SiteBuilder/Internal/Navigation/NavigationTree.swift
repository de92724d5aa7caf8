/// The site as a tree of pages (sections hold their pages and subsections), its reading order,
/// and the per-page views templates get: a pruned nav, breadcrumbs, previous and next.
struct NavigationTree: Sendable {
    /// Page indices of each page's children, in navigation order.
    private(set) var children: [[Int]]
    /// Each page's parent section; nil for the home page.
    private(set) var parent: [Int?]
    let home: Int
    /// Depth-first: a section page, then its children.
    private(set) var readingOrder: [Int] = []
    /// Each page's position in `readingOrder`.
    private(set) var readingPosition: [Int]
    /// Each page's position among its parent's children.
    private(set) var siblingPosition: [Int]

    /// Builds the tree; `navOrder` lists top-level entries (by folder or page name) to put first, `outlineOrder` gives
    /// the position of each page the outline names (a book's `SUMMARY.md`, MkDocs's `nav`), by its site path, and
    /// `folderPositions` the position of each folder its `_category_.json` gives one, by the folder's path.
    init(
        pages: [Page], navOrder: [String], outlineOrder: [String: Int] = [:], folderPositions: [String: Double] = [:]
    ) {
        var sectionByFolder: [String: Int] = [:]
        for (index, page) in pages.enumerated() where page.source.isSection {
            sectionByFolder[page.source.folder] = index
        }
        home = sectionByFolder[""]!
        children = Array(repeating: [], count: pages.count)
        parent = Array(repeating: nil, count: pages.count)
        // Pages come folder by folder, and the pages of a folder share its path's string: most find their section
        // as the page before them did, without hashing the path.
        var last: (folder: String, section: Int?)?
        for (index, page) in pages.enumerated() {
            guard let folder = page.source.parentFolder else { continue }
            if last?.folder != folder { last = (folder, sectionByFolder[folder]) }
            guard let section = last?.section else { continue }
            parent[index] = section
            children[section].append(index)
        }
        let positions = Self.outlinePositions(of: pages, children: children, home: home, outlineOrder: outlineOrder)
        let keys = pages.indices.map { index in
            let page = pages[index]
            let folderPosition = page.source.isSection ? folderPositions[page.source.folder] : nil
            return page.navigationKey(position: folderPosition ?? positions[index].map(Double.init))
        }
        for index in children.indices {
            children[index].sort { keys[$0] < keys[$1] }
        }
        let ranks = Dictionary(navOrder.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        children[home] = children[home].enumerated().sorted { lhs, rhs in
            let left = ranks[pages[lhs.element].source.name] ?? Int.max
            let right = ranks[pages[rhs.element].source.name] ?? Int.max
            return (left, lhs.offset) < (right, rhs.offset)
        }.map(\.element)
        siblingPosition = Array(repeating: 0, count: pages.count)
        for entries in children {
            for (position, index) in entries.enumerated() { siblingPosition[index] = position }
        }
        readingPosition = Array(repeating: 0, count: pages.count)
        appendReadingOrder(from: home)
    }

    /// Each page's position in the outline: where the outline names it, else, for a section, the first of the
    /// pages below it, so that a folder comes where its first chapter does; nil for a page the outline leaves out.
    private static func outlinePositions(
        of pages: [Page], children: [[Int]], home: Int, outlineOrder: [String: Int]
    ) -> [Int?] {
        guard !outlineOrder.isEmpty else { return Array(repeating: nil, count: pages.count) }
        var positions: [Int?] = pages.map { outlineOrder[$0.source.path] }
        func settle(_ index: Int) -> Int? {
            let below = children[index].compactMap(settle).min()
            if positions[index] == nil { positions[index] = below }
            return [positions[index], below].compactMap { $0 }.min()
        }
        _ = settle(home)
        return positions
    }

    private mutating func appendReadingOrder(from index: Int) {
        readingPosition[index] = readingOrder.count
        readingOrder.append(index)
        for child in children[index] { appendReadingOrder(from: child) }
    }

    /// The sections from the home page down to the page's parent.
    func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = parent[index]
        while let section = current {
            chain.append(section)
            current = parent[section]
        }
        return chain.reversed()
    }

    func previous(of index: Int) -> Int? {
        let position = readingPosition[index]
        return position > 0 ? readingOrder[position - 1] : nil
    }

    func next(of index: Int) -> Int? {
        let position = readingPosition[index]
        return position + 1 < readingOrder.count ? readingOrder[position + 1] : nil
    }
}
