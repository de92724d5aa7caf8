import Yams

/// Reads front matter YAML into a `FrontMatter`, checking each known key's type.
///
/// Every problem is collected with the file line of its key, e.g. `'weight' must be a number`.
struct FrontMatterParser {
    let file: String
    /// The file line of the first YAML line (2, right after the opening `---`).
    let firstLine: Int
    /// libyaml's lines of the YAML being read, when they are not its file lines (`YAMLLines`).
    private var lines: YAMLLines?

    init(file: String, firstLine: Int) {
        self.file = file
        self.firstLine = firstLine
    }

    func parse(_ yaml: String) -> (FrontMatter, [Problem]) {
        var parser = self
        parser.lines = YAMLLines.areFileLines(yaml) ? nil : YAMLLines(yaml)
        return parser.read(yaml)
    }

    private func read(_ yaml: String) -> (FrontMatter, [Problem]) {
        var frontMatter = FrontMatter()
        if let aliases = YAMLAliases.problem(in: yaml) {
            return (frontMatter, [Problem(file: file, line: firstLine, message: "front matter " + aliases)])
        }
        let root: Node?
        do {
            // Naming the encoding spares Yams a look at the environment on every page.
            root = try Yams.compose(yaml: yaml, .default, .default, .utf8)
        } catch let error as YamlError {
            let advice = YAMLErrorAdvice(file: file, lines: lines ?? YAMLLines(yaml), fileLine: fileLine)
            return (frontMatter, [advice.problem(for: error)])
        } catch {
            return (frontMatter, [Problem(file: file, line: firstLine, message: "invalid YAML: \(error)")])
        }
        guard let root else { return (frontMatter, []) }
        guard case .mapping(let mapping) = root else {
            let message = "front matter must be `key: value` lines, e.g. `title: Setup`"
            return (frontMatter, [Problem(file: file, line: fileLine(root.mark), message: message)])
        }
        var problems: [Problem] = []
        var otherTools = OtherToolKeys()
        for (keyNode, value) in mapping {
            let line = fileLine(keyNode.mark)
            guard case .scalar(let keyScalar) = keyNode else {
                problems.append(Problem(file: file, line: line, message: "keys must be plain names, e.g. `title:`"))
                continue
            }
            // Themes may print values unescaped (`{{{page.params.banner}}}`).
            problems += directiveLines(in: value).map {
                ContentSSI.problem(file: file, line: $0, in: "the value of '\(keyScalar.string)'")
            }
            if let message = Self.strayAccessKey(keyScalar.string) {
                problems.append(Problem(file: file, line: line, message: message))
                continue
            }
            if keyScalar.string == "access" {
                let (rule, accessProblems) = access(value, line: line)
                frontMatter.access = rule
                problems += accessProblems
                continue
            }
            if let message = apply(
                key: keyScalar.string, value: value, line: line, to: &frontMatter, otherTools: &otherTools)
            {
                problems.append(Problem(file: file, line: line, message: message))
            }
        }
        otherTools.settle(into: &frontMatter)
        return (frontMatter, problems)
    }

    /// Sets one key; returns the problem with its value, if any.
    private func apply(
        key: String, value: Node, line: Int, to frontMatter: inout FrontMatter, otherTools: inout OtherToolKeys
    ) -> String? {
        if value.isNull { return nil }
        switch key {
        case "title":
            guard let text = value.scalarText else { return "'title' must be text, e.g. title: Setting up" }
            frontMatter.title = text
        case "nav_title":
            guard let text = value.scalarText, !text.isEmpty else {
                return "'nav_title' must be text, the shorter title the navigation shows, e.g. nav_title: Setup"
            }
            frontMatter.navTitle = text
        case "description":
            guard let text = value.scalarText else { return "'description' must be text on one line" }
            frontMatter.description = text
        case "date":
            guard let text = value.scalarText, let date = SiteDate(parsing: text) else {
                return "'date' must be a date written as YYYY-MM-DD, e.g. date: 2026-11-22"
            }
            frontMatter.date = date
        case "draft":
            guard let flag = value.bool else { return "'draft' must be true or false" }
            frontMatter.isDraft = flag
        case "weight":
            guard let number = value.int.map(Double.init) ?? value.float, number.isFinite else {
                return "'weight' must be a number, e.g. weight: 10 (or 2.5, between 2 and 3)"
            }
            frontMatter.weight = number
        case "aliases":
            guard let paths = locatedTexts(value) else {
                return "'aliases' must be a list of old paths, e.g. aliases: [/old/setup/]"
            }
            frontMatter.aliases = paths
        case "tags":
            if let text = value.scalarText {
                frontMatter.tags = Self.tags(in: text)
                return nil
            }
            guard let tags = value.stringList else {
                return "'tags' must be a list of words, e.g. tags: [nginx, setup]"
            }
            frontMatter.tags = tags.map(\.text)
        case "template":
            guard let name = value.scalarText, !name.isEmpty else {
                return "'template' must name a template in the templates folder, e.g. template: landing"
            }
            frontMatter.template = Located(value: name, line: line)
        default:
            var problem: String?
            if otherTools.read(key: key, value: value, line: line, paths: locatedTexts, problem: &problem) {
                return problem
            }
            otherTools.warnIfMisread(key: key, line: line)
            if let converted = TemplateValue(yaml: value) { frontMatter.params[key] = converted }
        }
        return nil
    }

    /// A list of texts, each with its file line; nil for anything else.
    private func locatedTexts(_ node: Node) -> [Located<String>]? {
        node.stringList?.map { Located(value: $0.text, line: fileLine($0.mark)) }
    }

    /// The tags of `tags:` written as one text: split at its commas when it has any (`tags: getting started,
    /// nginx`), else at its spaces, as Jekyll reads `tags: nginx setup`.
    private static func tags(in text: String) -> [String] {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        let separators: (Character) -> Bool = text.contains(",") ? { $0 == "," } : isSpace
        return text.split(whereSeparator: separators).map { $0.split(whereSeparator: isSpace).joined(separator: " ") }
            .filter { !$0.isEmpty }
    }

    /// The lines of the texts in `node` that open an nginx Server Side Include once YAML has decoded them:
    /// an escape (`"\x3C!--#"`) hides one from a look at the file's text.
    private func directiveLines(in node: Node) -> [Int] {
        switch node {
        case .scalar(let scalar):
            return ContentSSI.lines(in: scalar.string).isEmpty ? [] : [fileLine(scalar.mark)]
        case .sequence(let sequence):
            return sequence.flatMap(directiveLines(in:))
        case .mapping(let mapping):
            return mapping.flatMap { directiveLines(in: $0.key) + directiveLines(in: $0.value) }
        case .alias:
            return []
        }
    }

    func fileLine(_ mark: Mark?) -> Int {
        mark.map { (lines?.fileLine(of: $0.line) ?? $0.line) + firstLine - 1 } ?? firstLine
    }
}

extension Node {
    fileprivate var isNull: Bool {
        guard case .scalar = self else { return false }
        return tagName == .null
    }

    /// The node's tag, without running Yams's regular expressions on plain text none of them can match
    /// (every value of every page is asked, and most are words): only text that starts with a digit,
    /// a sign, `.`, `~`, `<` or `=`, or is a word such as `true` or `null`, can resolve to another tag.
    fileprivate var tagName: Tag.Name {
        if case .scalar(let scalar) = self, scalar.tag.rawValue == Tag.Name.implicit.rawValue,
            let first = scalar.string.utf8.first,
            !"0123456789+-.~<=".utf8.contains(first), !Self.yamlWords.contains(scalar.string)
        {
            return .str
        }
        return Tag.Name(rawValue: tag.rawValue)
    }

    private static let yamlWords: Set<String> = [
        "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
        "on", "On", "ON", "off", "Off", "OFF", "null", "Null", "NULL",
    ]

    /// The text of a scalar of any type (a title may well be `2024`); nil for lists and tables.
    fileprivate var scalarText: String? {
        if case .scalar(let scalar) = self { return scalar.string }
        return nil
    }

    fileprivate var stringList: [(text: String, mark: Mark?)]? {
        guard case .sequence(let sequence) = self else { return nil }
        var items: [(text: String, mark: Mark?)] = []
        for item in sequence {
            guard case .scalar(let scalar) = item else { return nil }
            items.append((text: scalar.string, mark: scalar.mark))
        }
        return items
    }
}

extension TemplateValue {
    /// A front matter value as a template value; YAML nulls are left out.
    init?(yaml node: Node) {
        switch node {
        case .scalar(let scalar):
            switch node.tagName {
            case .null: return nil
            case .bool: self = node.bool.map(TemplateValue.bool) ?? .string(scalar.string)
            case .int: self = node.int.map(TemplateValue.int) ?? .string(scalar.string)
            case .float: self = node.float.map(TemplateValue.double) ?? .string(scalar.string)
            default: self = .string(scalar.string)
            }
        case .sequence(let sequence):
            self = .list(sequence.compactMap(TemplateValue.init(yaml:)))
        case .mapping(let mapping):
            var fields: [String: TemplateValue] = [:]
            for (key, value) in mapping {
                if case .scalar(let keyScalar) = key, let converted = TemplateValue(yaml: value) {
                    fields[keyScalar.string] = converted
                }
            }
            self = .object(fields)
        case .alias:
            return nil
        }
    }
}
