extension MathMLForBrowsers {
    /// What a table's attributes say of its cells: MathML 3's `columnalign`, `columnlines` and `rowlines`, whose
    /// last value stands for the columns or rows past the list, and whether `columnspacing` is none (`aligned`).
    struct Table {
        let alignments: [Substring]
        let columnLines: [Substring]
        let rowLines: [Substring]
        let tight: Bool
        var row = -1
        var column = -1

        /// Entry `index` of `list`, or its last past its end; nil for an empty list.
        static func entry(_ index: Int, of list: [Substring]) -> Substring? {
            list.isEmpty ? nil : list[min(index, list.count - 1)]
        }
    }

    /// An `<mtable>` loses the attributes MathML Core does not read (and Firefox would draw beside the theme's
    /// lines); its cells take them as classes.
    mutating func table(_ tag: MathMLTag) -> String {
        let list = { (name: String) in tag.value(name)?.split(separator: " ") ?? [] }
        tables.append(
            Table(
                alignments: list("columnalign"), columnLines: list("columnlines"), rowLines: list("rowlines"),
                tight: tag.value("columnspacing") == "0em"))
        var kept = tag
        kept.remove("columnalign", "columnlines", "rowlines", "style")
        return kept.written
    }

    mutating func row(_ tag: MathMLTag) -> String {
        if !tables.isEmpty {
            tables[tables.count - 1].row += 1
            tables[tables.count - 1].column = -1
        }
        return tag.written
    }

    /// A cell's classes: its column's alignment (`math-align-left`, `-right`), the line on its left (between it
    /// and the column before, `math-line-left-solid`, `-dashed`) and above it (`math-line-top-…`), and
    /// `math-spacing-0` in a table without spacing between columns. Lines go on the cell after them, so a pass that
    /// reads the tags in order never needs to know which row or column is the last.
    mutating func cell(_ tag: MathMLTag) -> String {
        var kept = tag
        kept.remove("style")
        guard !tables.isEmpty else { return kept.written }
        tables[tables.count - 1].column += 1
        let table = tables[tables.count - 1]
        var classes: [String] = []
        if let alignment = Table.entry(table.column, of: table.alignments), alignment == "left" || alignment == "right"
        {
            classes.append("math-align-\(alignment)")
        }
        if table.column > 0, let line = Table.entry(table.column - 1, of: table.columnLines),
            line == "solid" || line == "dashed"
        {
            classes.append("math-line-left-\(line)")
        }
        if table.row > 0, let line = Table.entry(table.row - 1, of: table.rowLines), line == "solid" || line == "dashed"
        {
            classes.append("math-line-top-\(line)")
        }
        if table.tight { classes.append("math-spacing-0") }
        kept.add(classes: classes)
        return kept.written
    }
}
