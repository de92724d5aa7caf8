import Foundation
import TextTools
import Yams

/// Turns libyaml's error in a page's front matter into what to do, on the line to fix. libyaml names the problem and
/// what it was reading then (its context); with the line's text they tell apart the mistakes authors make most:
///
/// - a plain value holding ': ' (`title: Step 2: sign in`), or starting with a character YAML keeps for itself
///   (`@`, `` ` ``) or with `*`, which YAML reads as an alias: the value quoted is what to write;
/// - a line indented with a tab;
/// - a list written after its key on the same line (`tags: - a`);
/// - a quote or bracket never closed, which libyaml finds only where the YAML goes on without it, so the line it
///   opened on is the one reported;
/// - a line that is not `key: value`, and a backslash escape in double quotes;
/// - a line break only YAML 1.1 knows (U+2028…), which the author sees as none, on the line.
struct YAMLErrorAdvice {
    let file: String
    /// The YAML's lines as libyaml counts them.
    let lines: YAMLLines
    /// The file line of a libyaml mark.
    let fileLine: (Mark?) -> Int

    private static let hint =
        "check the indentation, and quote values that contain ': ' or start with a special character"

    /// The YAML of a settings file the build reads beside the pages (a folder's `_category_` file, `mkdocs.yml`),
    /// composed into nodes; or the warning saying why it cannot be, ending in `ignored`, what the build does
    /// instead. In a JSON file, a syntax error is said as libyaml says it: the advice is about YAML's quoting.
    static func composeSettings(_ text: String, file: String, lines: YAMLLines, ignored: String, isJSON: Bool = false)
        -> (root: Node?, warning: Problem?)
    {
        if let aliases = YAMLAliases.problem(in: text) {
            return (nil, Problem(file: file, message: "it " + aliases + "; " + ignored, isWarning: true))
        }
        do {
            return (try Yams.compose(yaml: text, .default, .default, .utf8), nil)
        } catch let error as YamlError {
            var problem = YAMLErrorAdvice(file: file, lines: lines) { mark in
                mark.map { lines.fileLine(of: $0.line) } ?? 1
            }.problem(for: error)
            if isJSON {
                switch error {
                case .scanner(let context, let what, _, _), .parser(let context, let what, _, _),
                    .composer(let context, let what, _, _):
                    problem.message = "invalid JSON: \(what)" + (context.map { " \($0.text)" } ?? "")
                default: break
                }
            }
            problem.message += "; " + ignored
            problem.isWarning = true
            return (nil, problem)
        } catch {
            return (nil, Problem(file: file, message: "it cannot be read (\(error)); " + ignored, isWarning: true))
        }
    }

    func problem(for error: YamlError) -> Problem {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let at = context?.mark ?? mark
            if let scalar = lines.yamlOnlyBreak(onFileLineOf: at.line),
                let name = UnicodeLineBreaks.name(of: scalar.value)
            {
                return Problem(
                    file: file, line: fileLine(at),
                    message: "invalid YAML: this line holds \(name), which YAML reads as a line break; remove it")
            }
            let (text, line) = advice(problem, at: mark, context: context)
            return Problem(file: file, line: fileLine(line), message: "invalid YAML: " + text)
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return Problem(file: file, line: fileLine(context.mark), message: "key \(keys) is written twice; keep one")
        default:
            return Problem(file: file, line: fileLine(nil), message: "invalid YAML: \(error)")
        }
    }

    /// The advice, and the mark of the line it is about.
    private func advice(_ problem: String, at mark: Mark, context: YamlError.Context?) -> (String, Mark) {
        let line = lines.text(of: mark.line)
        let character = line.flatMap { text in
            text.unicodeScalars.dropFirst(max(0, mark.column - 1)).first.map(Character.init)
        }
        guard let context else {
            if problem == "mapping values are not allowed in this context", let entry = line.flatMap(Entry.init),
                entry.value.contains(": ")
            {
                return (entry.quoting(because: "holds ': ', which YAML reads as the start of another key"), mark)
            }
            if problem.hasPrefix("block sequence entries are not allowed"), let entry = line.flatMap(Entry.init),
                entry.value.hasPrefix("- ")
            {
                return (
                    "the list of '\(entry.key)' starts on its line; put each item on a line of its own below it, "
                        + "after '- ', or write the list in brackets: \(entry.key): [\(entry.value.dropFirst(2))]", mark
                )
            }
            if problem == "found undefined alias", let entry = line.flatMap(Entry.init), entry.value.hasPrefix("*") {
                return (entry.quoting(because: "starts with '*', which YAML reads as an alias"), mark)
            }
            return ("\(problem); \(Self.hint)", mark)
        }
        switch context.text {
        case "while scanning for the next token" where character == "\t":
            return ("line \(fileLine(mark)) is indented with a tab; YAML indents with spaces only", mark)
        case "while scanning for the next token" where character == "@" || character == "`":
            if let entry = line.flatMap(Entry.init), let first = entry.value.first, first == character {
                return (entry.quoting(because: "starts with '\(first)', which YAML keeps for itself"), mark)
            }
            return ("\(problem) \(context.text); \(Self.hint)", mark)
        case "while scanning a quoted scalar" where problem.hasPrefix("found unexpected"):
            return (
                "the quoted value that starts on line \(fileLine(context.mark)) is never closed; end it with the "
                    + "quote mark it starts with (inside single quotes, write a ' as '')", context.mark
            )
        case "while parsing a quoted scalar" where problem.contains("escape"):
            return (
                "\(problem); in double quotes a backslash starts an escape: write \\\\ for a backslash, or use "
                    + "single quotes", mark
            )
        case "while scanning a simple key":
            return (
                "line \(fileLine(context.mark)) is not `key: value`; add the key and ':', or indent the line to go "
                    + "on with the value above it", context.mark
            )
        case "while parsing a flow sequence" where context.mark.line != mark.line,
            "while parsing a flow mapping" where context.mark.line != mark.line:
            let bracket = context.text.hasSuffix("sequence") ? "[" : "{"
            return (
                "the '\(bracket)' on line \(fileLine(context.mark)) is never closed (\(problem) by line "
                    + "\(fileLine(mark))); close it, or quote the whole value if the '\(bracket)' is part of the text",
                context.mark
            )
        default:
            return ("\(problem) \(context.text); \(Self.hint)", mark)
        }
    }

    /// A `key: value` line whose value is plain, not quoted, a list or a block.
    private struct Entry {
        let key: Substring
        let value: String

        init?(_ line: Substring) {
            guard let colon = line.firstRange(of: ": ") else { return nil }
            key = line[..<colon.lowerBound]
            value = line[colon.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
                let first = value.first, !"\"'[{|>&!%#".contains(first)
            else { return nil }
        }

        /// The value of `key`, which `reason`, and the line to write instead: the value in double quotes.
        func quoting(because reason: String) -> String {
            let quoted = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "the value of '\(key)' \(reason); quote the value: \(key): \"\(quoted)\""
        }
    }
}
