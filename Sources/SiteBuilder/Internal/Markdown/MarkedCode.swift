/// How a line of a code block is shown: on a band across the block, in the colour and with the sign of its mark.
enum CodeLineMark: Equatable {
    case highlight, added, removed, error, warning
    /// A line in focus (VitePress's `[!code focus]`), shown as it is while the block's unmarked lines are `blurred`.
    case focus
    /// An unmarked line of a block that has lines in focus: dimmed until the reader points at or into the block.
    case blurred

    /// The classes of the `<span>` around the line; the theme draws each.
    var htmlClass: String {
        switch self {
        case .highlight: "hl-line"
        case .added: "hl-line line-add"
        case .removed: "hl-line line-del"
        case .error: "hl-line line-error"
        case .warning: "hl-line line-warning"
        case .focus: "line-focus"
        case .blurred: "line-blur"
        }
    }
}

/// A code block's code as shown, and the mark of each of its lines, from three sources:
///
/// - the lines its info string names (`CodeBlockInfo.highlightedLines`), counted in the code as written;
/// - Docusaurus's comments, each a line of its own that is not shown: `// highlight-next-line`, and
///   `// highlight-start` … `// highlight-end` around lines; read only when the info string names no lines, as
///   Docusaurus does;
/// - VitePress's notations in a comment at a line's end, taken out of the line: `// [!code highlight]` (or `hl`),
///   `[!code ++]`, `[!code --]`, `[!code error]`, `[!code warning]` and `[!code focus]` (the block's unmarked lines
///   are then blurred), each with an optional count of lines from this one (`[!code ++:3]`). A notation alone on its
///   line marks the lines after it instead.
///
/// Comments are read in blocks that name a language, not in plain text, in any comment syntax: `//`, `#`, `--`,
/// `%`, `;`, `/* */`, `<!-- -->`, `{/* */}` and `(* *)`. A line's own notation comes before a mark from the
/// lines above it, which comes before the info string's.
struct MarkedCode {
    /// The code without the comments that marked lines.
    let code: String
    /// The mark of each line of `code`, by index from 0; empty when no line is marked.
    let marks: [CodeLineMark?]

    private static let lineComments = ["//", "#", "--", "%", ";"]
    private static let blockComments = [("{/*", "*/}"), ("/*", "*/"), ("<!--", "-->"), ("(*", "*)")]

    init(_ code: String, info: CodeBlockInfo) {
        let readsComments =
            HighlightLanguage.definition(for: info.language) != nil
            && (code.containsBytes("highlight-") || code.containsBytes("[!code "))
        guard readsComments || !info.highlightedLines.isEmpty else {
            (self.code, marks) = (code, [])
            return
        }
        var shown: [Substring] = []
        var marks: [CodeLineMark?] = []
        var ahead: [CodeLineMark?] = []
        var starts: [Int] = []
        let lines = code.linesAtLineFeeds
        for (index, line) in lines.enumerated() {
            if readsComments, info.highlightedLines.isEmpty, let directive = Self.docusaurusDirective(line) {
                switch directive {
                case "highlight-next-line": Self.mark(&ahead, .highlight, count: 1)
                case "highlight-start": starts.append(shown.count)
                default:
                    if let start = starts.popLast() {
                        for line in start..<shown.count where marks[line] == nil { marks[line] = .highlight }
                    }
                }
                continue
            }
            let notation = readsComments ? Self.vitePressNotation(in: line) : nil
            if let notation, notation.rest.allSatisfy({ $0 == " " || $0 == "\t" }) {
                Self.mark(&ahead, notation.mark, count: min(notation.count, lines.count - index))
                continue
            }
            let above = ahead.isEmpty ? nil : ahead.removeFirst()
            if let notation {
                Self.mark(&ahead, notation.mark, count: min(notation.count, lines.count - index) - 1)
            }
            shown.append(notation?.rest ?? line)
            marks.append(notation?.mark ?? above ?? (info.highlights(line: index + 1) ? .highlight : nil))
        }
        self.code = shown.joined(separator: "\n")
        if marks.contains(.focus) { marks = marks.map { $0 ?? .blurred } }
        self.marks = marks.contains { $0 != nil } ? marks : []
    }

    /// Gives the next `count` lines `mark`, where the lines above gave none.
    private static func mark(_ ahead: inout [CodeLineMark?], _ mark: CodeLineMark, count: Int) {
        guard count > 0 else { return }
        if ahead.count < count { ahead += Array(repeating: nil, count: count - ahead.count) }
        for index in 0..<count where ahead[index] == nil { ahead[index] = mark }
    }

    /// `highlight-next-line`, `highlight-start` or `highlight-end` when `line` is a comment holding nothing else.
    private static func docusaurusDirective(_ line: Substring) -> Substring? {
        let trimmed = line.trimmingEdges
        var inner: Substring?
        if let open = lineComments.first(where: { trimmed.hasPrefix($0) }) {
            inner = trimmed.dropFirst(open.count).drop { $0 == ";" }
        } else if let (open, close) = blockComments.first(where: { trimmed.hasPrefix($0) && trimmed.hasSuffix($1) }),
            trimmed.count >= open.count + close.count
        {
            inner = trimmed.dropFirst(open.count).dropLast(close.count)
        }
        guard let directive = inner?.trimmingEdges,
            ["highlight-next-line", "highlight-start", "highlight-end"].contains(directive)
        else { return nil }
        return directive
    }

    /// The notation at the end of `line`, inside a comment: its mark, the lines it marks and the line without it.
    /// A comment holding nothing else goes with it; one holding more text keeps that.
    private static func vitePressNotation(in line: Substring) -> (mark: CodeLineMark, count: Int, rest: Substring)? {
        var end = line.trimmingTrailingSpace
        let close = blockComments.map(\.1).first { end.hasSuffix($0) }
        if let close { end = end.dropLast(close.count).trimmingTrailingSpace }
        guard end.hasSuffix("]"), let open = end.ranges(of: "[!code ").last else { return nil }
        let parts = end[open.upperBound..<end.index(before: end.endIndex)].split(
            separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let marks: [Substring: CodeLineMark] = [
            "highlight": .highlight, "hl": .highlight, "focus": .focus, "++": .added, "--": .removed,
            "error": .error, "warning": .warning,
        ]
        guard let mark = marks[parts[0]] else { return nil }
        let count = parts.count == 2 ? Int(parts[1]) ?? 0 : 1
        guard count >= 1 else { return nil }
        let head = end[..<open.lowerBound].trimmingTrailingSpace
        let opener =
            close.map { close in blockComments.first { $0.1 == close }.map { [$0.0] } ?? [] } ?? lineComments
        if let whole = opener.first(where: { head.hasSuffix($0) }) {
            return (mark, count, head.dropLast(whole.count).trimmingTrailingSpace)
        }
        guard opener.contains(where: { head.contains($0) }) else { return nil }
        guard let close else { return (mark, count, head) }
        return (mark, count, Substring(head + " " + close))
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpace: Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }

    fileprivate var trimmingEdges: Substring {
        drop { $0 == " " || $0 == "\t" }.trimmingTrailingSpace
    }
}
