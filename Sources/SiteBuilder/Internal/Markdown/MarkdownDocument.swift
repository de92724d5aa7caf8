import CMarkGFM
import Foundation
import TextTools

/// One page's parsed Markdown: the cmark-gfm syntax tree plus the headings and links found in it.
///
/// The tree is parsed once, its link destinations are rewritten in place once links are resolved,
/// and it is rendered once. Only one thread uses a document at a time, hence `@unchecked Sendable`.
final class MarkdownDocument: @unchecked Sendable {
    private let parser: OpaquePointer
    private let root: OpaquePointer
    private var headingNodes: [OpaquePointer] = []
    /// Where each of `links` is written.
    private var linkPlaces: [LinkPlace] = []
    /// The raw HTML nodes holding links, with the addresses to write into them.
    private var htmlLinkNodes: [HTMLLinkNode] = []
    /// Fenced and indented code blocks, which `renderHTML` highlights.
    private(set) var codeBlockNodes: [OpaquePointer] = []
    /// Block quotes, which `renderHTML` turns into callouts when they open with `[!KIND]`.
    private var quoteNodes: [OpaquePointer] = []
    /// The headers of the admonitions rewritten into quotes, by line.
    private let admonitions: [Int: Admonitions.Header]
    /// The `$…$` and `$$…$$` math taken out before parsing, by marker number (see `MathSpans`).
    private let mathSpans: [MathSpans.Span]
    /// Text nodes holding math markers (elsewhere markers are put back as written), and ```` ```math ```` blocks.
    private var mathTextNodes: [OpaquePointer] = []
    private var mathBlockNodes: [OpaquePointer] = []
    /// ```` ```dot ```` and ```` ```graphviz ```` blocks.
    private var diagramNodes: [OpaquePointer] = []
    /// ```` ```mermaid ```` blocks, which the browser draws.
    private var mermaidNodes: [OpaquePointer] = []
    private(set) var hasMermaid = false
    /// Whether a line opens with a colon and a space, as a definition does (see `DefinitionLists`).
    private let mayHoldDefinitions: Bool
    /// The abbreviations the page defines, taken out before parsing and marked in its text when rendered.
    private let abbreviations: Abbreviations?
    /// Whether braces follow a link or an image, which may be their attributes (see `InlineAttributes`).
    private let mayHoldInlineAttributes: Bool
    /// Whether a table cell may end with an attribute list (see `TableCellAttributes`).
    private let mayHoldCellAttributes: Bool
    /// The marked, inserted, superscript and subscript text the page may hold (see `MarkedText`, `ScriptText`), as
    /// the dialect reads it.
    private let marks: [MarkedText]
    private let scripts: [ScriptText]
    /// Whether the page holds `++`, which may list keys (see `Keys`).
    private let mayHoldKeys: Bool
    /// Whether the page names an emoji, `:tada:` (see `Emoji`).
    private let mayHoldEmoji: Bool
    /// Whether the page holds an HTML element whose Markdown is text (see `MarkdownInHTML.unwrapSpans`).
    private let mayHoldSpans: Bool
    /// The lines of the blocks that continue a definition (see `DefinitionLists.dedentingContinuations`).
    private let definitionContinuations: [ClosedRange<Int>]
    /// Paragraphs that put the table of contents where they stand, `[TOC]` (see `ContentsMarker`), and kramdown's
    /// `{:toc}` lists (see `BlockAttributes`).
    private var contentsMarkers: [OpaquePointer] = []
    /// The attribute lists blocks are marked with (see `BlockAttributes`).
    private var blockAttributes: [AttributeList] = []
    /// The callouts of a Jekyll source, which attribute lists may name (`JekyllCallout`).
    private let callouts: [String: JekyllCallout]
    /// The diagrams Graphviz could not read, known once the document is rendered.
    private(set) var diagramErrors: [LineMessage] = []
    /// The formulas KaTeX refused, known once the document is rendered.
    private(set) var mathErrors: [LineMessage] = []
    /// The comments nothing closes, on the line each opens (`SourceComments`).
    let unclosedComments: [LineMessage]

    /// Headings in document order; ids are assigned by `HeadingIDs`.
    private(set) var headings: [Heading] = []
    /// Link and image destinations in document order, with their Markdown line: Markdown links and images,
    /// and the addresses raw HTML gives (see `HTMLLinks`).
    private(set) var links: [LinkReference] = []
    /// `id` and `name` attributes written in raw HTML, which are valid link anchors too.
    private(set) var htmlAnchors: Set<String> = []
    /// Lines whose raw HTML opens an nginx SSI directive, which content may not (see `ContentSSI`).
    private(set) var serverSideIncludeLines: [Int] = []
    /// Words of running text, for `page.reading_minutes`.
    private(set) var wordCount = 0
    /// The level-1 heading the document opens with, when its first block is one (then `headings[0]`).
    private(set) var openingHeading: Heading?

    /// Parses `markdown` once the passes that rewrite its lines have (see `PreparedMarkdown`).
    /// `dialect`: what the project's extensions add (`MarkdownDialect`).
    init(markdown written: String, dialect: MarkdownDialect = .init()) {
        let prepared = PreparedMarkdown(written, dialect: dialect)
        let markdown = prepared.text
        (definitionContinuations, abbreviations) = (prepared.definitionContinuations, prepared.abbreviations)
        (admonitions, mathSpans) = (prepared.admonitions, prepared.mathSpans)
        unclosedComments = prepared.unclosedComments
        callouts = dialect.callouts
        let parser = CMark.makeParser(doubleTildeStrikes: dialect.tilde)
        markdown.withCString { text in
            cmark_parser_feed(parser, text, strlen(text))
        }
        self.parser = parser
        root = cmark_parser_finish(parser)
        mayHoldDefinitions = DefinitionLists.mayHold(markdown)
        mayHoldInlineAttributes = InlineAttributes.mayHold(markdown)
        mayHoldCellAttributes = TableCellAttributes.mayHold(markdown)
        marks = ([.highlighted] + (dialect.caret ? [.inserted] : [])).filter { $0.mayHold(markdown) }
        scripts = ((dialect.caret ? [.raised] : []) + (dialect.tilde ? [.lowered] : [])).filter {
            $0.mayHold(markdown)
        }
        mayHoldKeys = Keys.mayHold(markdown)
        mayHoldEmoji = Emoji.mayHold(markdown)
        mayHoldSpans = dialect.markdownInHTML && MarkdownInHTML.mayHoldSpans(markdown)
        collect(source: markdown, mayHoldContentsMarker: markdown.containsBytes("TOC"))
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
    }

    /// Points link number `index` (as in `links`) at `url`.
    func setLinkDestination(_ url: String, at index: Int) {
        switch linkPlaces[index] {
        case .node(let node): cmark_node_set_url(node, url)
        case .html(let node, let range): htmlLinkNodes[node].rewrites.append((range, url))
        }
    }

    /// Renders the document, giving heading number `n` the id `ids[n]`; with `omittingOpeningHeading`,
    /// leaves out `openingHeading`.
    func renderHTML(headingIDs ids: [String], omittingOpeningHeading: Bool = false) -> String {
        var cellAttributes: [AttributeList] = []
        if !contentsMarkers.isEmpty {
            let contents = ContentsMarker.html(TocEntry.entries(from: Array(zip(headings, ids))))
            for marker in contentsMarkers {
                CMark.insert(CMARK_NODE_HTML_BLOCK, contents, before: marker)
                cmark_node_unlink(marker)
                cmark_node_free(marker)
            }
            contentsMarkers = []
        }
        rewriteHTMLLinks()
        mathErrors = renderMath(spans: mathSpans, textNodes: mathTextNodes, blocks: mathBlockNodes)
        diagramErrors = drawDiagrams(diagramNodes)
        markMermaid(mermaidNodes)
        (mathTextNodes, mathBlockNodes, diagramNodes, mermaidNodes) = ([], [], [], [])
        // Before the passes over text, which would otherwise read an alert's `[!KIND]` line as text.
        for quote in quoteNodes { Callouts.convert(quote, headers: admonitions, parser: parser) }
        quoteNodes = []
        if abbreviations != nil || mayHoldInlineAttributes || !marks.isEmpty || !scripts.isEmpty || mayHoldKeys
            || mayHoldEmoji || mayHoldDefinitions || mayHoldCellAttributes
        {
            // One text node a run of text, which cmark may have cut at characters it looks at twice (`:`, `w`);
            // no text node is held any more.
            cmark_consolidate_text_nodes(root)
            if mayHoldInlineAttributes { InlineAttributes.apply(in: root) }
            if mayHoldCellAttributes { cellAttributes = TableCellAttributes.take(in: root) }
            for kind in marks { kind.apply(in: root) }
            for kind in scripts { kind.apply(in: root) }
            if mayHoldKeys { Keys.apply(in: root) }
            if mayHoldEmoji { Emoji.apply(in: root) }
            abbreviations?.mark(in: root)
        }
        for (number, (node, id)) in zip(headingNodes, ids).enumerated() {
            if number == 0, omittingOpeningHeading, openingHeading != nil {
                cmark_node_unlink(node)
                cmark_node_free(node)
            } else {
                Self.replaceHeading(node, id: id, parser: parser)
            }
        }
        headingNodes = []
        if mayHoldDefinitions { DefinitionLists.convert(in: root, continuations: definitionContinuations) }
        highlightCodeBlocks()
        BlockAttributes.apply(in: root, lists: blockAttributes, callouts: callouts, parser: parser)
        if mayHoldSpans { MarkdownInHTML.unwrapSpans(in: root, parser: parser) }
        return TaskBoxes.labelled(TableCellAttributes.apply(cellAttributes, to: CMark.renderHTML(root, parser: parser)))
    }

    /// Writes the addresses links were pointed at into their raw HTML, before anything renders it.
    private func rewriteHTMLLinks() {
        for entry in htmlLinkNodes where !entry.rewrites.isEmpty {
            cmark_node_set_literal(entry.node, HTMLLinks.replacing(entry.rewrites, in: entry.html))
        }
        htmlLinkNodes = []
    }

    /// Walks the tree once; `source` is the Markdown it was parsed from, which heading attributes are checked against.
    private func collect(source: String, mayHoldContentsMarker: Bool) {
        var lines = SourceLines(source)
        var attributeBlocks: [OpaquePointer] = []
        CMark.walk(root) { node in
            if !mathSpans.isEmpty, Self.restoreMarkers(in: node, spans: mathSpans) { mathTextNodes.append(node) }
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HEADING {
                headingNodes.append(node)
                let writtenID = Self.takeAttributes(of: node, source: &lines)
                let text = Self.restoring(CMark.plainText(of: node), spans: mathSpans, as: \.tex)
                    .trimmingCharacters(in: .whitespaces)
                let shown =
                    mayHoldEmoji
                    ? Self.restoring(
                        CMark.plainText(of: node) { Emoji.replacingNames(in: $0) ?? $0 }, spans: mathSpans, as: \.tex
                    ).trimmingCharacters(in: .whitespaces) : text
                let level = Int(cmark_node_get_heading_level(node))
                headings.append(Heading(level: level, text: text, shown: shown, writtenID: writtenID))
            } else if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                linkPlaces.append(.node(node))
                let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                links.append(LinkReference(destination: url, line: Int(cmark_node_get_start_line(node))))
            } else if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE {
                wordCount += Self.wordCount(of: node)
                if type == CMARK_NODE_TEXT, BlockAttributes.mayEndTable(node) {
                    attributeBlocks.append(cmark_node_parent(cmark_node_parent(node)))
                }
            } else if type == CMARK_NODE_CODE_BLOCK {
                if Self.isMathBlock(node) {
                    mathBlockNodes.append(node)
                } else if Self.isDiagramBlock(node) {
                    diagramNodes.append(node)
                } else if Self.fenceLanguage(of: node) == "mermaid" {
                    mermaidNodes.append(node)
                    hasMermaid = true
                } else {
                    codeBlockNodes.append(node)
                }
            } else if type == CMARK_NODE_BLOCK_QUOTE {
                quoteNodes.append(node)
            } else if type == CMARK_NODE_PARAGRAPH, mayHoldContentsMarker,
                ContentsMarker.isMarker(node, source: &lines)
            {
                contentsMarkers.append(node)
            } else if type == CMARK_NODE_PARAGRAPH, BlockAttributes.mayHold(node) {
                attributeBlocks.append(node)
            } else if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                let html = CMark.literal(of: node)
                let read = HTMLLinks.read(html)
                htmlAnchors.formUnion(read.anchors)
                let first = Int(cmark_node_get_start_line(node))
                serverSideIncludeLines += ContentSSI.lines(in: html).map { first + $0 - 1 }
                collectHTMLLinks(read.addresses, in: node, html: html, firstLine: first)
            }
        }
        if !attributeBlocks.isEmpty { takeBlockAttributes(from: attributeBlocks, source: &lines) }
        if let first = headingNodes.first, first == cmark_node_first_child(root), headings[0].level == 1 {
            openingHeading = headings[0]
        }
    }

    /// Takes the attribute lines out of `blocks`, marking the blocks they are for (see `BlockAttributes`).
    private func takeBlockAttributes(from blocks: [OpaquePointer], source: inout SourceLines) {
        let found = BlockAttributes(taking: blocks, source: &source)
        blockAttributes = found.lists
        for (heading, attributes) in found.headings {
            guard let index = headingNodes.firstIndex(of: heading) else { continue }
            if headings[index].writtenID == nil { headings[index].writtenID = attributes.id }
            if attributes.classes.contains("no_toc") { headings[index].isListed = false }
        }
        htmlAnchors.formUnion(found.anchors)
        contentsMarkers += found.contentsLists
    }

    /// Adds the addresses `found` in the raw HTML of `node`, which starts on line `firstLine`, to `links`.
    private func collectHTMLLinks(_ found: [HTMLLinks.Found], in node: OpaquePointer, html: String, firstLine: Int) {
        guard !found.isEmpty else { return }
        htmlLinkNodes.append(HTMLLinkNode(node: node, html: html))
        for link in found {
            linkPlaces.append(.html(node: htmlLinkNodes.count - 1, range: link.range))
            links.append(LinkReference(destination: link.destination, line: firstLine + link.line - 1))
        }
    }

    /// Counts runs of non-space bytes straight from the C string: this runs for every text node of the site.
    private static func wordCount(of node: OpaquePointer) -> Int {
        guard var byte = cmark_node_get_literal(node) else { return 0 }
        var count = 0
        var inWord = false
        while byte.pointee != 0 {
            let isSpace = byte.pointee == 0x20 || byte.pointee == 0x0A || byte.pointee == 0x09 || byte.pointee == 0x0D
            if !isSpace && !inWord { count += 1 }
            inWord = !isSpace
            byte += 1
        }
        return count
    }

}

/// Where a link is written: a Markdown link or image, or an address in the HTML of raw HTML node `node`
/// (as in `htmlLinkNodes`).
private enum LinkPlace {
    case node(OpaquePointer)
    case html(node: Int, range: Range<Int>)
}

/// A raw HTML node holding links: its HTML as written and the addresses to put in place of some of them.
private struct HTMLLinkNode {
    let node: OpaquePointer
    let html: String
    var rewrites: [(range: Range<Int>, url: String)] = []
}
