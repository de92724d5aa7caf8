import Foundation

/// Puts the files a page includes in its Markdown, before anything else reads it, as mdBook's and MkDocs's
/// preprocessors do: everywhere in the text, code blocks included (where most includes are, a listing in a
/// fence), and again in what an included file includes, up to ten files deep.
///
/// - mdBook: `{{#include path}}`, `{{#rustdoc_include path}}` and `{{#playground path}}` anywhere in a line, the
///   path relative to the page's folder, and `{{#title …}}`; `\{{#include …}}` is written as it is, without the
///   backslash.
/// - MkDocs's snippets: a line `--8<-- "path"`, or a block of paths between two `--8<--` lines, each looked for in
///   the folders of `mkdocs.yml`'s `base_path`, else the project folder, then the site folder
///   (`IncludedFiles.snippetFolders`); the included lines take the directive's indentation. `;--8<--` is written
///   as `--8<--`.
/// - The snippets `auto_append` names in `mkdocs.yml`, after a blank line at the end of every page, as MkDocs adds
///   them (`Appendix`).
///
/// A file that cannot be included is an error on the directive's line, which stays as written; one `auto_append`
/// names is an error on its line in `mkdocs.yml`, once for the build, not once for every page.
enum Includes {
    /// The text with its includes in place.
    struct Expansion {
        let text: String
        /// For each line of `text`, counted from 1, the line of the page's text it came from: an included line
        /// comes from its directive's line.
        let sourceLines: [Int]
        /// Each file included, directly or through another, with the digest of what it held, and each path looked
        /// at before one of them where there was no file (`IncludedFiles.absent`).
        let included: [String: String]
        /// The title the last `{{#title}}` gives the page, as front matter's `title` would.
        let title: String?
        let errors: [LineMessage]
    }

    static let maximumDepth = 10

    /// What `auto_append` puts at the end of every page (`IncludedFiles.appended`): the same lines for every page,
    /// so they are expanded once for the build.
    struct Appendix: Sendable {
        let lines: [String]
        /// As `Expansion.included`; empty when nothing is appended.
        let included: [String: String]
        /// Each snippet that cannot be included, with its line in `mkdocs.yml`.
        let errors: [(line: Int?, message: String)]

        static let none = Appendix(lines: [], included: [:], errors: [])

        init(files: IncludedFiles) {
            var expander = Expander(files: files)
            var lines: [String] = []
            var errors: [(line: Int?, message: String)] = []
            for snippet in files.appended {
                let errorCount = expander.errors.count
                lines += expander.include(snippet: Substring(snippet.path), depth: 0, line: 0) ?? []
                errors += expander.errors[errorCount...].map { (snippet.line, $0.message) }
            }
            self.init(lines: lines, included: expander.included, errors: errors)
        }

        private init(lines: [String], included: [String: String], errors: [(line: Int?, message: String)]) {
            (self.lines, self.included, self.errors) = (lines, included, errors)
        }

        /// The errors, in `config`, the file `mkdocs.yml` as messages name it.
        func problems(in config: String) -> [Problem] {
            let advice = "auto_append puts it at the end of every page; correct the path, or take it out of auto_append"
            return errors.map { Problem(file: config, line: $0.line, message: "\($0.message) (\(advice))") }
        }
    }

    /// `text` with its includes in place, and `appendix` after it; nil when it names none and nothing is appended.
    /// mdBook's paths are relative to `folder`.
    static func expand(
        _ text: String, folder: String, files: IncludedFiles, appendix: Appendix, liquidIncludes: String? = nil
    ) -> Expansion? {
        // Every mdBook directive opens with braces, every Liquid tag with `{%`.
        guard
            text.containsBytes("{{") || text.containsBytes("8<-") || !appendix.included.isEmpty
                || liquidIncludes != nil && text.containsBytes("{%")
        else { return nil }
        var expander = Expander(files: files, liquidIncludes: liquidIncludes)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var output = expander.expand(lines, folder: folder, depth: 0)
        if !appendix.included.isEmpty {
            // The appended lines come from the page's last line.
            output += [("", lines.count)] + appendix.lines.map { ($0, lines.count) }
            expander.included.merge(appendix.included) { page, _ in page }
            expander.changed = true
        }
        guard expander.changed else { return nil }
        return Expansion(
            text: output.map(\.text).joined(separator: "\n"), sourceLines: output.map(\.source),
            included: expander.included, title: expander.title, errors: expander.errors)
    }

    private struct Expander {
        let files: IncludedFiles
        /// A Jekyll source's `_includes/` folder, where `{% include %}` looks (`LiquidInclude`); nil elsewhere,
        /// where Liquid's tags are text.
        var liquidIncludes: String? = nil
        /// Between `{% raw %}` and `{% endraw %}`, where Liquid includes nothing.
        var inRaw = false
        var included: [String: String] = [:]
        var errors: [LineMessage] = []
        var title: String?
        var changed = false

        /// Every line of `lines` with what it includes in place, each with the line (from 1) it came from.
        mutating func expand(_ lines: [Substring], folder: String, depth: Int) -> [(text: String, source: Int)] {
            var output: [(text: String, source: Int)] = []
            output.reserveCapacity(lines.count)
            var index = 0
            while index < lines.count {
                let number = index + 1
                let line = lines[index]
                index += 1
                if let snippet = SnippetLine(line) {
                    switch snippet {
                    case .escaped(let written):
                        changed = true
                        output.append((written, number))
                    case .file(let indent, let name):
                        let taken = include(snippet: name, depth: depth, line: number)
                        output += taken?.map { (indent + $0, number) } ?? [(String(line), number)]
                    case .edge(let indent):
                        guard let end = lines[index...].firstIndex(where: { SnippetLine($0)?.isEdge == true }) else {
                            output.append((String(line), number))
                            continue
                        }
                        changed = true
                        // Each path's lines come from the path's own line.
                        for position in index..<end {
                            let name = lines[position].trimmingCharacters(in: .whitespaces)
                            guard !name.isEmpty, !name.hasPrefix(";") else { continue }
                            let taken = include(snippet: Substring(name), depth: depth, line: position + 1) ?? []
                            output += taken.map { (indent + $0, position + 1) }
                        }
                        index = end + 1
                    }
                    continue
                }
                guard line.contains("{{") || liquidIncludes != nil && line.contains("{%") else {
                    output.append((String(line), number))
                    continue
                }
                output += expandInline(line, folder: folder, depth: depth, line: number).map { ($0, number) }
            }
            return output
        }

        /// `line` with each mdBook directive and Liquid include in it replaced by what it includes: one line or more.
        private mutating func expandInline(_ line: Substring, folder: String, depth: Int, line number: Int)
            -> [String]
        {
            var lines: [String] = []
            var current = ""
            var rest = line
            while let open = nextOpening(in: rest) {
                let liquid = rest[open...].hasPrefix("{%")
                if liquid, let raw = LiquidInclude.raw(rest[open...]) {
                    inRaw = raw.opens
                    current += rest[..<raw.end]
                    rest = rest[raw.end...]
                    continue
                }
                let found: (action: BookDirective.Action, folders: [String], end: Substring.Index)?
                if liquid, inRaw {
                    found = nil
                } else if liquid {
                    found = LiquidInclude(rest[open...]).map { tag in
                        let folders = [tag.relative ? folder : liquidIncludes ?? folder]
                        return (.include(IncludeDirective(liquid: tag)), folders, tag.end)
                    }
                } else {
                    found = BookDirective(rest[open...]).map { ($0.action, [folder], $0.end) }
                }
                guard let directive = found else {
                    current += rest[..<rest.index(open, offsetBy: 2)]
                    rest = rest[rest.index(open, offsetBy: 2)...]
                    continue
                }
                changed = true
                let escaped = !liquid && open > rest.startIndex && rest[rest.index(before: open)] == "\\"
                current += rest[..<(escaped ? rest.index(before: open) : open)]
                let written = rest[open..<directive.end]
                rest = rest[directive.end...]
                guard !escaped else {
                    current += written
                    continue
                }
                let taken: [String]
                switch directive.action {
                case .title(let named):
                    title = named
                    continue
                case .include(let include):
                    guard let lines = self.include(include, from: directive.folders, depth: depth, line: number) else {
                        current += written
                        continue
                    }
                    taken = lines
                }
                guard let first = taken.first else { continue }
                current += first
                for next in taken.dropFirst() {
                    lines.append(current)
                    current = next
                }
            }
            lines.append(current + rest)
            return lines
        }

        /// Where the next mdBook directive (`{{`) or, in a Jekyll source, Liquid tag (`{%`) may open in `text`.
        private func nextOpening(in text: Substring) -> Substring.Index? {
            let book = text.range(of: "{{")?.lowerBound
            guard liquidIncludes != nil, let tag = text.range(of: "{%")?.lowerBound else { return book }
            return min(book ?? tag, tag)
        }

        fileprivate mutating func include(snippet name: Substring, depth: Int, line: Int) -> [String]? {
            guard let directive = IncludeDirective(snippet: name) else {
                errors.append(LineMessage(line: line, message: "--8<-- \"\(name)\" names no file; write a path"))
                return nil
            }
            return include(directive, from: files.snippetFolders, depth: depth, line: line)
        }

        /// The lines `directive` takes, with what they include in place; nil, with an error, when it takes none.
        private mutating func include(_ directive: IncludeDirective, from folders: [String], depth: Int, line: Int)
            -> [String]?
        {
            changed = true
            let (found, passedBy) = files.file(directive.path, from: folders)
            let file: IncludedFiles.File
            let taken: [IncludeDirective.TakenLine]
            do throws(IncludeProblem) {
                file = try found.get()
                guard depth < maximumDepth else {
                    throw IncludeProblem(
                        "includes go more than \(maximumDepth) files deep; does a file include itself?")
                }
                taken = try directive.take(from: file.lines).get().map { line in
                    guard case .liquid(let parameters) = directive.kind else { return line }
                    let text = LiquidInclude.substituted(line.text, parameters: parameters)
                    return IncludeDirective.TakenLine(text: text, number: line.number)
                }
            } catch {
                errors.append(LineMessage(line: line, message: "cannot include '\(directive.path)': \(error.message)"))
                return nil
            }
            included[file.path] = file.record.digest
            for path in passedBy { included[path] = IncludedFiles.absent }
            let errorCount = errors.count
            let nested = expand(taken.map(\.text), folder: DisplayPaths.parent(of: file.path), depth: depth + 1)
            // An error inside is counted in the lines taken; it is named by the file's line.
            for index in errors.indices.dropFirst(errorCount) {
                let inner = errors[index]
                let place = "\(file.path) line \(taken[inner.line - 1].number)"
                errors[index] = LineMessage(line: line, message: "in \(place): \(inner.message)")
            }
            guard case .playground(let attributes) = directive.kind else { return nested.map(\.text) }
            // As mdBook writes it: the fence's end on a line of its own, whatever follows the directive after it.
            return ["```" + (["rust"] + attributes).joined(separator: ",")] + nested.map(\.text) + ["```", ""]
        }
    }
}
