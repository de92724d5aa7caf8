import Foundation

@testable import SiteBuilder

/// A page's text as the build reads it: `FrontMatterBlock` splits off the front matter, `FrontMatterParser` reads
/// its YAML (through Yams), and `ContentSSI` looks for server side include openers in it; and the same text as a
/// book's `SUMMARY.md` (`BookSummary`), as a folder's `_category_.json` or `.yml` (`FolderCategory`), and as
/// Markdown whose admonitions and containers are rewritten into quotes (`Admonitions`) and whose Hugo refs and
/// block shortcodes are rewritten (`HugoShortcodes`), as a code fence's info string (`CodeBlockInfo`), and as code
/// whose comments mark lines (`MarkedCode`), and as Markdown holding definition lists (`DefinitionLists`),
/// abbreviations (`Abbreviations`), attribute lists after links and images (`InlineAttributes`) and on blocks
/// (`BlockAttributes`) and marked text
/// (`MarkedText`), and as Markdown holding wiki links (`WikiLinks`); and rendered with a project's dialect
/// (`MarkdownInHTML`'s span mode, `ScriptText`).
///
/// Properties: the body is the end of the text, preceded by exactly `bodyLineOffset` lines; every problem and
/// warning names a line of the file; `ContentSSI.lines` finds exactly the lines that hold `<!--#`; and a book
/// summary names each page once, by a path inside the site, on a line of the file, by a name of one line; a
/// folder's category only warns, on a line of the file, and its position is a finite number; admonitions and Hugo's
/// refs and shortcodes are rewritten line for line; a fence's language is one word, its title, if any, not empty, and
/// its lines to highlight counted from 1; marked code has no more lines or bytes than the code, and a mark a line;
/// wiki links, block ids and Docusaurus's tabs are rewritten and abbreviations and Obsidian's comments taken out
/// line for line; the tags of definition lists, abbreviations, links, marks, keys, callouts, lists, quotes and
/// tables are closed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFrontMatter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    func check(_ condition: Bool, _ problem: @autoclosure () -> String) {
        if !condition { fatalError("page \(text.debugDescription): \(problem())") }
    }
    // On bytes, as nginx reads the page: "\r\n" is one Swift character, and so is "#" with a combining mark.
    let opener = Array(ContentSSI.opener.utf8)
    let expected = Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        .enumerated().filter { line in
            line.element.indices.contains { line.element[$0...].starts(with: opener) }
        }.map { $0.offset + 1 }
    check(ContentSSI.lines(in: text) == expected, "SSI openers on lines \(ContentSSI.lines(in: text)), not \(expected)")

    if let summary = BookSummary(text: text) {
        let lines = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
        check(Set(summary.entries.map(\.path)).count == summary.entries.count, "a page named twice")
        for entry in summary.entries {
            check((1...lines).contains(entry.line), "an entry on line \(entry.line) of \(lines)")
            check(!entry.title.contains { $0.isNewline }, "the chapter name \(entry.title.debugDescription)")
            check(
                !entry.path.isEmpty && !entry.path.hasPrefix("/")
                    && !entry.path.split(separator: "/").contains { $0 == ".." || $0 == "." },
                "the entry \(entry.path.debugDescription) is no path inside the site")
        }
    }

    // YAML ends a line at "\n", "\r\n" or a lone "\r".
    let lineCount =
        text.replacingOccurrences(of: "\r\n", with: "\n").utf8.filter {
            $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }.count + 1
    for file in ["guide/_category_.json", "guide/_category_.yml"] {
        let (category, problems) = FolderCategory.read(text, file: file, shown: "site/" + file)
        check(category.file == file, "the category of \(category.file), not \(file)")
        check(category.position?.isFinite ?? true, "the position \(category.position ?? 0)")
        for problem in problems {
            check(problem.isWarning, "an error in \(file): \(problem.message)")
            check((1...lineCount).contains(problem.line ?? 1), "\(file): line \(problem.line ?? 0): \(problem.message)")
        }
    }

    if let (rewritten, headers) = Admonitions.rewrite(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "admonitions rewritten onto \(count(rewritten) + 1) lines")
        check(headers.keys.allSatisfy { (1...count(text) + 1).contains($0) }, "a header off the text")
    }
    for (pass, rewrite) in [("Liquid tags", LiquidTags.rewrite), ("GitLab's quotes", GitLabQuotes.rewrite)] {
        guard let rewritten = rewrite(text) else { continue }
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "\(pass) rewritten onto \(count(rewritten) + 1) lines")
    }
    if let (dedented, ranges) = DefinitionLists.dedentingContinuations(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(dedented) == count(text), "definitions' blocks dedented onto \(count(dedented) + 1) lines")
        check(ranges.allSatisfy { $0.lowerBound >= 2 && $0.upperBound <= count(text) + 1 }, "a block off the text")
        check(dedented.utf8.count < text.utf8.count, "blocks dedented by nothing")
    }
    // The first line as a part of the rest, as each tool reads it: any part takes lines of the text, or fails.
    let textLines = text.split(separator: "\n", omittingEmptySubsequences: false)
    for directive in [
        IncludeDirective(mdBook: textLines[0], kind: .mdBook), IncludeDirective(mdBook: textLines[0], kind: .rustdoc),
        IncludeDirective(mdBook: textLines[0], kind: .playground(attributes: [])),
        IncludeDirective(snippet: textLines[0]),
    ] {
        guard case .success(let taken)? = directive?.take(from: Array(textLines.dropFirst())) else { continue }
        check(taken.count <= textLines.count - 1, "\(taken.count) lines taken of \(textLines.count - 1)")
        check(taken.allSatisfy { (1..<textLines.count).contains($0.number) }, "a line taken from off the file")
        check(zip(taken, taken.dropFirst()).allSatisfy { $0.number < $1.number }, "lines taken out of order")
    }
    // Includes of files that are not there (or are refused) leave their lines; every line keeps a line it came from.
    if let expansion = Includes.expand(text, folder: "/nonexistent/site", files: fuzzIncludes, appendix: .none) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let expanded = expansion.text.split(separator: "\n", omittingEmptySubsequences: false).count
        check(expansion.sourceLines.count == expanded, "\(expansion.sourceLines.count) source lines for \(expanded)")
        check(expansion.sourceLines.allSatisfy { (1...lines).contains($0) }, "a line from off the text")
        check(zip(expansion.sourceLines, expansion.sourceLines.dropFirst()).allSatisfy { $0 <= $1 }, "lines reordered")
        check(expansion.errors.allSatisfy { (1...lines).contains($0.line) }, "an error off the text")
    }
    if let rewritten = HugoShortcodes.rewrite(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "Hugo's shortcodes rewritten onto \(count(rewritten) + 1) lines")
        check(rewritten != text, "a rewrite that changes nothing")
    }

    let info = CodeBlockInfo(text)
    check(!info.language.contains { $0 == " " || $0 == "\t" || $0 == "{" }, "the language \(info.language)")
    check(info.title.map { !$0.isEmpty } ?? true, "an empty title")
    check(info.highlightedLines.allSatisfy { $0.lowerBound >= 1 }, "a line to highlight before the first")
    for fence in ["js", "py {2}"] {
        let marked = MarkedCode(text, info: CodeBlockInfo(fence))
        let lines = marked.code.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        check(
            marked.marks.isEmpty || marked.marks.count == lines.count,
            "\(marked.marks.count) marks, \(lines.count) lines")
        check(lines.count <= text.unicodeScalars.filter { $0 == "\n" }.count + 1, "lines added")
        check(marked.code.utf8.count <= text.utf8.count, "marked code longer than the code")
    }

    if let stripped = SourceComments.strip(text) {
        let ends = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.count }
        check(
            ends(stripped.text) == ends(text),
            "comments taken out onto \(ends(stripped.text)) line ends of \(ends(text))")
        check(stripped.text.utf8.count <= text.utf8.count, "comments taken out into more text")
        let lines = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
        check(stripped.unclosed.allSatisfy { (1...lines).contains($0.line) }, "an unclosed comment beyond the lines")
    }
    if let rewritten = MarkdownInHTML.rewrite(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "elements holding Markdown rewritten onto \(count(rewritten) + 1) lines")
    }
    if let rewritten = DocusaurusTabs.rewrite(text) {
        let ends = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }.count }
        check(ends(rewritten) == ends(text), "tabs rewritten onto \(ends(rewritten)) line ends of \(ends(text))")
    }
    if let rewritten = BlockIDs.rewrite(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "block ids rewritten onto \(count(rewritten) + 1) lines")
    }
    if let rewritten = WikiLinks.rewrite(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "wiki links rewritten onto \(count(rewritten) + 1) lines")
    }
    if let (rewritten, abbreviations) = Abbreviations.extract(text) {
        let count = { (text: String) in text.utf8.filter { $0 == UInt8(ascii: "\n") }.count }
        check(count(rewritten) == count(text), "abbreviations taken out onto \(count(rewritten) + 1) lines")
        check(abbreviations.definitions.allSatisfy { !$0.abbreviation.isEmpty && !$0.title.isEmpty }, "an empty one")
    }
    // A project's dialect moves nodes too (md_in_html's span mode, pymdownx's caret and tilde): rendered with it,
    // without math, diagrams and code, nothing may fail.
    if text.contains("markdown") || text.contains("^") || text.contains("~"),
        !text.contains(where: { "$`".contains($0) })
    {
        let dialect = MarkdownDialect(markdownInHTML: true, caret: true, tilde: true)
        _ = MarkdownDocument(markdown: text, dialect: dialect).renderHTML(headingIDs: [])
    }
    // Definition lists, abbreviations, callouts and block attributes move cmark's nodes about: rendered without math, diagrams, code
    // and raw HTML (which may hold tags of its own), each tag is closed.
    // KaTeX's MathML rewritten for browsers: any text is read without failing, and text without tags is as it was.
    let rewritten = MathMLForBrowsers.rewritten(text)
    check(text.contains("<") || rewritten == text, "text without tags rewritten")
    if DefinitionLists.mayHold(text) || text.contains("*[") || InlineAttributes.mayHold(text)
        || TableCellAttributes.mayHold(text)
        || MarkedText.highlighted.mayHold(text) || Keys.mayHold(text) || text.contains("[!") || text.contains("{:")
        || text.contains("\n{"),
        !text.contains(where: { "$`~<".contains($0) })
    {
        let html = MarkdownDocument(markdown: text).renderHTML(headingIDs: [])
        // In bytes: as Characters, a tag's `>` and a combining mark after it are one, and the tag is not found.
        let bytes = Array(html.utf8)
        let count = { (tag: String) in
            let tag = Array(tag.utf8)
            return bytes.indices.filter { bytes[$0...].starts(with: tag) }.count
        }
        for (open, close) in [
            ("<dl>", "</dl>"), ("<dt", "</dt>"), ("<dd>", "</dd>"), ("<abbr title=", "</abbr>"), ("<a href=", "</a>"),
            ("<mark>", "</mark>"), ("<details", "</details>"), ("<summary", "</summary>"), ("<kbd", "</kbd>"),
            ("<ul", "</ul>"), ("<ol", "</ol>"), ("<li", "</li>"), ("<blockquote", "</blockquote>"),
            ("<table", "</table>"), ("<td", "</td>"),
        ] {
            check(count(open) == count(close), "\(count(open)) \(open) and \(count(close)) \(close)")
        }
    }

    guard let block = FrontMatterBlock.split(text) else { return 0 }
    check(text.utf8.suffix(block.body.utf8.count).elementsEqual(block.body.utf8), "the body is not the end of the text")
    // Lines before the body: its line breaks, and the closing line when no line break ends it.
    let head = text.utf8.dropLast(block.body.utf8.count)
    let headLines = head.filter { $0 == UInt8(ascii: "\n") }.count + (head.isEmpty || head.last == 10 ? 0 : 1)
    check(headLines == block.bodyLineOffset, "bodyLineOffset \(block.bodyLineOffset), not \(headLines)")
    guard let yaml = block.yaml else { return 0 }
    let (frontMatter, problems) = FrontMatterParser(file: "fuzz.md", firstLine: 2).parse(yaml)
    for problem in problems {
        check((1...lineCount).contains(problem.line ?? 1), "problem on line \(problem.line ?? 0): \(problem.message)")
    }
    for warning in frontMatter.warnings {
        check((1...lineCount).contains(warning.line), "warning on line \(warning.line): \(warning.message)")
    }
    return 0
}

/// The included files of a site folder that does not exist: every include is refused or missing.
private let fuzzIncludes = IncludedFiles(siteFolder: "/nonexistent/site", previous: nil)
