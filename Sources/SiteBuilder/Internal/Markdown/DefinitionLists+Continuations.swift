import CMarkGFM

/// A definition's further blocks, as kramdown, MkDocs (`def_list`) and PHP Markdown Extra write them: after a blank
/// line, blocks indented by four spaces (or a tab) under a definition belong to it, so a definition may hold
/// paragraphs, lists and code:
///
///     Access rule
///     : Who may read a page.
///
///         It is written in the page's front matter.
///
/// CommonMark reads such a block as indented code. Before parsing, the blocks are taken out of their indentation
/// (line for line, so every line keeps its number) and their lines noted; once parsed, `attachContinuations` moves
/// the blocks that start on those lines into the definition before them. A definition whose colon stands no more than
/// three spaces in is read so, at the top of the page or in a list item, its blocks four spaces further in than the
/// colon; in a quote, an indented block stays as CommonMark reads it.
extension DefinitionLists {
    /// `markdown` with the blocks that continue a definition taken out of their indentation, and the ranges of line
    /// numbers (from 1) they take; nil when it has none.
    static func dedentingContinuations(_ markdown: String) -> (String, [ClosedRange<Int>])? {
        guard mayHold(markdown) else { return nil }
        var lines = markdown.linesAtLineFeeds.map(String.init)
        var code = CodeLines()
        var ranges: [ClosedRange<Int>] = []
        // The last line that was not blank belongs to a definition: its opening line, a line that runs on from it,
        // or a block that continues it.
        var inDefinition = false
        var blankSince = false
        var continuing = false
        // The columns the definition's colon stands in: its blocks are indented four more.
        var margin = 0
        // The last line that was not blank may be a term, the line of a paragraph.
        var afterText = false
        for index in lines.indices {
            let line = lines[index]
            if inDefinition, blankSince || continuing {
                if Indentation.isBlank(line) {
                    blankSince = true
                    _ = code.isCode(line)
                    continue
                }
                if Indentation.columns(of: line) >= margin + 4 {
                    lines[index] = Indentation.dedented(line, by: 4)
                    _ = code.isCode(lines[index])
                    let number = index + 1
                    if continuing, let last = ranges.last {
                        ranges[ranges.count - 1] = last.lowerBound...number
                    } else {
                        ranges.append(number...number)
                    }
                    (continuing, blankSince) = (true, false)
                    continue
                }
                continuing = false
            }
            if code.isCode(line) {
                (inDefinition, afterText) = (false, false)
            } else if Indentation.isBlank(line) {
                blankSince = true
            } else if opensDefinition(line), inDefinition || afterText {
                (inDefinition, blankSince, afterText) = (true, false, false)
                margin = Indentation.columns(of: line)
            } else {
                if blankSince { inDefinition = false }
                afterText = mayBeTerm(line)
                blankSince = false
            }
        }
        return ranges.isEmpty ? nil : (lines.joined(separator: "\n"), ranges)
    }

    /// Whether `line` opens a definition at the top level: up to three spaces, a colon, a space or tab, then text.
    private static func opensDefinition(_ line: String) -> Bool {
        let rest = line.drop { $0 == " " }
        guard line.count - rest.count < 4, rest.first == ":", let second = rest.dropFirst().first,
            second == " " || second == "\t"
        else { return false }
        return !Indentation.isBlank(String(rest.dropFirst(2)))
    }

    /// Whether `line` may be a line of a paragraph, and so a term: it opens no heading, quote, list item, table row
    /// or raw HTML, and is no thematic break.
    private static func mayBeTerm(_ line: String) -> Bool {
        let rest = line.drop { $0 == " " }
        guard let first = rest.first, !"#>|<".contains(first),
            // A thematic break, or a heading's underline.
            !rest.allSatisfy({ "-*_= \t".contains($0) })
        else { return false }
        let marker = rest.prefix { $0.isASCII && $0.isNumber }
        let afterMarker = rest.dropFirst(marker.isEmpty ? 1 : marker.count)
        let isListItem =
            (marker.isEmpty ? "-*+".contains(first) : afterMarker.first == "." || afterMarker.first == ")")
            && (afterMarker.dropFirst(marker.isEmpty ? 0 : 1).first.map { $0 == " " || $0 == "\t" } ?? true)
        return !isListItem
    }

    /// Moves the blocks after `list` that start on a line of `continuations` into its last definition, which then
    /// holds its first line as a paragraph: `<dd><p>…</p><p>…</p></dd>`.
    static func attachContinuations(to list: OpaquePointer, _ continuations: [ClosedRange<Int>]) {
        while let next = cmark_node_next(list),
            case let line = Int(cmark_node_get_start_line(next)),
            continuations.contains(where: { $0.contains(line) }),
            let last = cmark_node_last_child(list), String(cString: cmark_node_get_on_enter(last)) != "<dt>"
        {
            let definition = blockDefinition(last)
            cmark_node_unlink(next)
            cmark_node_append_child(definition, next)
        }
    }

    /// `definition` as a block that may hold others: itself when it is one, else a new one holding its inline nodes
    /// as a paragraph, in its place.
    private static func blockDefinition(_ definition: OpaquePointer) -> OpaquePointer {
        guard cmark_node_get_type(definition) == CMARK_NODE_CUSTOM_INLINE else { return definition }
        let block = CMark.custom(CMARK_NODE_CUSTOM_BLOCK, enter: "<dd>", exit: "</dd>")
        let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH)!
        while let child = cmark_node_first_child(definition) {
            cmark_node_unlink(child)
            cmark_node_append_child(paragraph, child)
        }
        cmark_node_append_child(block, paragraph)
        cmark_node_insert_before(definition, block)
        cmark_node_unlink(definition)
        cmark_node_free(definition)
        return block
    }
}
