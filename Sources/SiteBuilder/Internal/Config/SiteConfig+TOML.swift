import AccessRules
import TOMLKit
import TextTools

extension SiteConfig {
    static let knownKeys = [
        "title", "base_url", "language", "footer", "nav", "access", "file_access", "contact", "search", "params",
        "last_changed", "edit_url", "mermaid", "server",
    ]

    /// Reads `site.toml` text; every problem is returned, each naming the line of its key.
    static func parse(_ text: String, file: String, defaults: SiteConfig = SiteConfig()) -> (SiteConfig, [Problem]) {
        var config = defaults
        var problems: [Problem] = []
        if let problem = TOMLPreflight.firstProblem(in: text) {
            return (
                config, [Problem(file: file, line: problem.line, message: "\(problem.message); fix the TOML syntax")]
            )
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let problem = Problem(
                file: file, line: error.source.begin.line, message: "\(error.description); fix the TOML syntax")
            return (config, [problem])
        } catch {
            return (config, [Problem(file: file, message: "cannot read TOML: \(error)")])
        }
        let lines = TOMLKeyLines(text: text)
        func fail(_ key: String, _ message: String) {
            problems.append(Problem(file: file, line: lines.line(of: key), message: message))
        }
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            // `footer` reaches every page as HTML, and themes may print `params` unescaped; TOML escapes
            // (`"\u003C!--#"`) hide a directive from a look at the file's text, so the values are read.
            if opensDirective(value) {
                problems.append(ContentSSI.problem(file: file, line: lines.line(of: key), in: "the value of '\(key)'"))
            }
            switch key {
            case "title", "base_url", "language", "footer", "contact":
                guard let string = value.string else {
                    fail(key, "'\(key)' must be a string, e.g. \(key) = \"…\"")
                    continue
                }
                config.setText(string, for: key)
            case "access":
                let line = lines.line(of: key) ?? 1
                let reader = AccessRuleReader(file: file, syntax: .siteTOML)
                let (rule, accessProblems) = reader.read(WrittenAccessRule(toml: value, line: line), line: line)
                config.access = rule
                problems += accessProblems
            case "file_access":
                guard let table = value.table else {
                    fail(key, "'file_access' must be a table: write [file_access] followed by \"path\" = rule lines")
                    continue
                }
                config.fileAccess = parseFileAccess(table, lines: lines, file: file, problems: &problems)
            case "search":
                guard let search = value.bool else {
                    fail(key, "'search' must be true or false, e.g. search = false to build without a search index")
                    continue
                }
                config.search = search
            case "nav":
                config.navOrder = parseNav(value, line: lines.line(of: key), fail: { fail(key, $0) })
            case "last_changed":
                guard let source = value.string, source == "git" || source == "file" else {
                    fail(
                        key,
                        "'last_changed' must be \"git\" (the last commit of each page) or \"file\" (its file's time)")
                    continue
                }
                config.lastChanged = source
            case "edit_url":
                guard let url = value.string, url.contains("{path}"),
                    url.hasPrefix("https://") || url.hasPrefix("http://")
                else {
                    fail(
                        key,
                        "'edit_url' must be an http(s) address with {path} for the page's file, "
                            + "e.g. edit_url = \"https://github.com/acme/docs/edit/main/docs/{path}\"")
                    continue
                }
                config.editURL = url
            case "mermaid":
                guard let path = value.string, !path.isEmpty, !path.hasPrefix("/"), !path.contains("..") else {
                    fail(
                        key,
                        "'mermaid' must be the path of a mermaid script in the site folder, e.g. mermaid = \"js/mermaid.min.js\""
                    )
                    continue
                }
                config.mermaidScript = path
            case "server":
                parseServer(value, lines: lines, file: file, into: &config, problems: &problems)
            case "params":
                guard let params = value.table else {
                    fail(key, "'params' must be a table: write [params] followed by key = value lines")
                    continue
                }
                config.params = params.keys.reduce(into: [:]) { result, name in
                    if let converted = params[name].flatMap(TemplateValue.init(toml:)) { result[name] = converted }
                }
            case _ where serverKeys.contains(key):
                fail(key, "'\(key)' is a key of [server]; write it below a [server] line, after every top-level key")
            default:
                let known = knownKeys.joined(separator: ", ")
                let guess = ClosestName.suggestion(for: key, among: knownKeys)
                fail(key, "unknown key '\(key)'\(guess); known keys are \(known) (put your own values under [params])")
            }
        }
        if !config.baseURL.isEmpty, !(config.baseURL.hasPrefix("https://") || config.baseURL.hasPrefix("http://")) {
            fail(
                "base_url",
                "'base_url' must start with https:// or http://, e.g. base_url = \"https://docs.example.com/\"")
            config.baseURL = ""
        }
        return (config, problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) })
    }

    /// Whether a text in `value`, decoded, opens an nginx Server Side Include.
    private static func opensDirective(_ value: any TOMLValueConvertible) -> Bool {
        switch value.type {
        case .string: return !ContentSSI.lines(in: value.string ?? "").isEmpty
        case .array: return (value.array ?? []).contains { opensDirective($0) }
        case .table:
            guard let table = value.table else { return false }
            return table.keys.contains { !ContentSSI.lines(in: $0).isEmpty || table[$0].map(opensDirective) == true }
        default: return false
        }
    }

    /// `"guide/holidays.pdf" = "signed-in"`: each key a file's path below the site folder, each value a rule.
    private static func parseFileAccess(
        _ table: TOMLTable, lines: TOMLKeyLines, file: String, problems: inout [Problem]
    ) -> [String: (rule: AccessRule, line: Int?)] {
        var rules: [String: (rule: AccessRule, line: Int?)] = [:]
        let reader = AccessRuleReader(file: file, syntax: .siteTOML)
        for path in table.keys.sorted() {
            guard let value = table[path] else { continue }
            let line = lines.line(of: "file_access." + path) ?? lines.line(of: "file_access")
            guard SitePath.resolve(path, from: "") == path, !path.isEmpty else {
                let message =
                    "'\(path)' in [file_access] must be a file's path below the site folder, without a leading / "
                    + "or . and .. parts, e.g. \"guide/payroll.xlsx\""
                problems.append(Problem(file: file, line: line, message: message))
                continue
            }
            guard !MarkdownFileName.isMarkdown(path) else {
                let message =
                    "'\(path)' in [file_access] is a page; a page sets its rule in its front matter, "
                    + "e.g. access: { roles: [Finance.Read] }"
                problems.append(Problem(file: file, line: line, message: message))
                continue
            }
            let (rule, ruleProblems) = reader.read(WrittenAccessRule(toml: value, line: line ?? 1), line: line ?? 1)
            problems += ruleProblems
            if let rule { rules[path] = (rule, line) }
        }
        return rules
    }

    private mutating func setText(_ text: String, for key: String) {
        switch key {
        case "title": title = text
        case "base_url": baseURL = text
        case "language": language = text
        case "contact": contact = text
        default: footer = text
        }
    }

    private static func parseNav(
        _ value: any TOMLValueConvertible,
        line: Int?,
        fail: (String) -> Void
    ) -> [(name: String, line: Int?)] {
        guard let array = value.array else {
            fail("'nav' must be a list of folder or page names, e.g. nav = [\"guide\", \"reference\"]")
            return []
        }
        var names: [(name: String, line: Int?)] = []
        for item in array {
            guard let name = item.string else {
                fail("every entry of 'nav' must be a string naming a top-level folder or page")
                continue
            }
            names.append((name: name, line: line))
        }
        return names
    }
}

extension TemplateValue {
    /// A `site.toml` value as a template value; dates become ISO strings.
    init?(toml value: any TOMLValueConvertible) {
        switch value.type {
        case .string: self = .string(value.string ?? "")
        case .int: self = .int(value.int ?? 0)
        case .double: self = .double(value.double ?? 0)
        case .bool: self = .bool(value.bool ?? false)
        case .date, .time, .dateTime: self = .string(value.debugDescription)
        case .array: self = .list((value.array ?? []).compactMap(TemplateValue.init(toml:)))
        case .table:
            guard let table = value.table else { return nil }
            self = .object(
                table.keys.reduce(into: [:]) { result, key in
                    if let converted = table[key].flatMap(TemplateValue.init(toml:)) { result[key] = converted }
                })
        }
    }
}
