import Foundation

/// A file a page includes, as mdBook (`{{#include path}}`, `{{#rustdoc_include path}}`, `{{#playground path}}`) or
/// MkDocs's snippets (`--8<-- "path"`) name it, and the part of the file the page takes: lines by number, or the
/// lines between two markers (mdBook's `ANCHOR: name` … `ANCHOR_END: name`, a snippet's `--8<-- [start:name]` …
/// `--8<-- [end:name]`).
struct IncludeDirective: Equatable {
    enum Kind: Equatable {
        /// `{{#include}}`: the part's lines.
        case mdBook
        /// `{{#rustdoc_include}}`: every line, those outside the part hidden as rustdoc hides them (`# `).
        case rustdoc
        /// `--8<--`: the part's lines, with the directive line's indentation.
        case snippet
        /// `{{#playground}}` (once `{{#playpen}}`): the whole file as it is, in a Rust code block whose info string
        /// adds the words after the path (`{{#playground a.rs editable}}` is ```` ```rust,editable ````).
        case playground(attributes: [Substring])
        /// Jekyll's `{% include %}` and `{% include_relative %}`: the whole file as it is, its
        /// `{{ include.name }}` replaced by the tag's parameters (`LiquidInclude`).
        case liquid(parameters: [String: String])
    }

    enum Part: Equatable {
        case whole
        /// Lines `first` to `last` (to the end when nil), counted from 1.
        case lines(first: Int, last: Int?)
        /// mdBook's anchor or a snippet's section of that name.
        case marked(String)
    }

    let kind: Kind
    /// As written: relative to the page's folder (mdBook) or to the snippets' folders.
    let path: String
    let part: Part

    /// `file.rs`, `file.rs:2` (line 2), `file.rs::10`, `file.rs:2:`, `file.rs:2:10` or `file.rs:anchor`, as mdBook
    /// reads the argument of `{{#include}}` (`kind` `.mdBook`) and `{{#rustdoc_include}}`, and words after the path
    /// are its own, passed by; `{{#playground}}` takes the path as it is written, and the words as its attributes.
    init?(mdBook argument: Substring, kind: Kind) {
        let words = argument.split(whereSeparator: \.isWhitespace)
        guard let written = words.first else { return nil }
        guard case .playground = kind else {
            self.init(kind, written) { .lines(first: $0, last: $0) }
            return
        }
        self.init(kind: .playground(attributes: Array(words.dropFirst())), path: String(written), part: .whole)
    }

    /// Jekyll's include of `path`, the whole file.
    init(liquid include: LiquidInclude) {
        self.init(kind: .liquid(parameters: include.parameters), path: include.path, part: .whole)
    }

    private init(kind: Kind, path: String, part: Part) {
        self.kind = kind
        self.path = path
        self.part = part
    }

    /// `file.md`, `file.md:3` (line 3 to the end), `file.md:3:6` or `file.md:section`, as MkDocs's snippets read
    /// the quoted name after `--8<--`.
    init?(snippet written: Substring) {
        self.init(.snippet, written) { .lines(first: $0, last: nil) }
    }

    /// `path`, `path:name`, `path:first:last`, and `path:number`, which is the part `numbered` makes of it: the two
    /// tools read it differently.
    private init?(_ kind: Kind, _ written: Substring, numbered: (Int) -> Part) {
        let pieces = written.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard !pieces[0].isEmpty else { return nil }
        self.kind = kind
        path = String(pieces[0])
        switch pieces.count {
        case 1:
            part = .whole
        case 2:
            guard !pieces[1].isEmpty else { return nil }
            part = Int(pieces[1]).map(numbered) ?? .marked(String(pieces[1]))
        default:
            guard let part = Self.lines(pieces[1], pieces[2]) else { return nil }
            self.part = part
        }
    }

    /// `first:last`, either of them left out.
    private static func lines(_ first: Substring, _ last: Substring) -> Part? {
        let start = first.isEmpty ? 1 : Int(first)
        let end = last.isEmpty ? nil : Int(last)
        guard let start, last.isEmpty || end != nil else { return nil }
        return .lines(first: max(start, 1), last: end)
    }

    /// A line the page takes, with the line of the file it is (counted from 1), which names where an error in
    /// it is.
    struct TakenLine: Equatable {
        let text: Substring
        let number: Int
    }

    /// The lines of a file holding `lines` that the page takes; a message saying what is wrong when the part
    /// is not in the file.
    func take(from lines: [Substring]) -> Result<[TakenLine], IncludeProblem> {
        let isMarker = kind == .snippet ? Self.isSnippetMarker : Self.isAnchor
        let chosen: Range<Int>
        switch part {
        case .whole:
            chosen = lines.indices
        case .lines(let written, let last):
            // Lines count from 1: `:0` and `:-2` are the first.
            let first = max(written, 1)
            guard first <= lines.count else {
                return .failure(.init("line \(first) is past the end of \(path), which has \(lines.count) lines"))
            }
            let end = min(last ?? lines.count, lines.count)
            guard end >= first else { return .failure(.init("its lines \(first) to \(end) are no lines")) }
            chosen = (first - 1)..<end
        case .marked(let name):
            guard let start = lines.firstIndex(where: { Self.marker(in: $0, opens: true, kind: kind) == name }) else {
                let what =
                    kind == .snippet
                    ? "no section '\(name)' (--8<-- [start:\(name)])" : "no anchor '\(name)' (ANCHOR: \(name))"
                return .failure(.init("\(path) has \(what)"))
            }
            let end = lines[(start + 1)...].firstIndex { Self.marker(in: $0, opens: false, kind: kind) == name }
            chosen = (start + 1)..<(end ?? lines.count)
        }
        // mdBook includes a whole file as it is, markers and all; otherwise markers are no part of what is taken.
        let keepsMarkers: Bool
        switch kind {
        case .mdBook, .playground, .liquid: keepsMarkers = part == .whole
        case .rustdoc, .snippet: keepsMarkers = false
        }
        let taken = (kind == .rustdoc ? lines.indices : chosen).compactMap { index -> TakenLine? in
            guard keepsMarkers || !isMarker(lines[index]) else { return nil }
            let text = chosen.contains(index) ? lines[index] : "# " + lines[index]
            return TakenLine(text: text, number: index + 1)
        }
        return .success(taken)
    }

    /// mdBook's `ANCHOR: name` or `ANCHOR_END: name`, anywhere in a line (usually in a comment).
    private static func isAnchor(_ line: Substring) -> Bool {
        marker(in: line, opens: true, kind: .mdBook) != nil || marker(in: line, opens: false, kind: .mdBook) != nil
    }

    /// A snippet's `--8<-- [start:name]` or `--8<-- [end:name]`.
    private static func isSnippetMarker(_ line: Substring) -> Bool {
        marker(in: line, opens: true, kind: .snippet) != nil || marker(in: line, opens: false, kind: .snippet) != nil
    }

    /// The name of the anchor or section `line` opens (or closes), if it does.
    private static func marker(in line: Substring, opens: Bool, kind: Kind) -> String? {
        if kind == .snippet {
            let tag = opens ? "[start:" : "[end:"
            guard let scissors = line.range(of: "8<-"), let open = line[scissors.upperBound...].range(of: tag),
                line[scissors.upperBound..<open.lowerBound].allSatisfy({ $0 == "-" || $0 == " " || $0 == "\t" }),
                let close = line[open.upperBound...].firstIndex(of: "]")
            else { return nil }
            let name = line[open.upperBound..<close]
            return name.isEmpty ? nil : String(name)
        }
        let tag = opens ? "ANCHOR:" : "ANCHOR_END:"
        guard let found = line.range(of: tag) else { return nil }
        let name = line[found.upperBound...].drop { $0 == " " || $0 == "\t" }.prefix {
            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-"
        }
        return name.isEmpty ? nil : String(name)
    }
}

/// Why a page's include takes nothing: the message names the file and what is wrong with it.
struct IncludeProblem: Error, Equatable {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
