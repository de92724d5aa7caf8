import AccessRules
import TextTools
import Yams

extension FrontMatterParser {
    /// Reads `access:`, a keyword or a mapping of lists; the checking is `AccessRuleReader`'s.
    func access(_ value: Node, line: Int) -> (Located<AccessRule>?, [Problem]) {
        let (rule, problems) = AccessRuleReader(file: file, syntax: .frontMatter).read(written(value), line: line)
        return (rule.map { Located(value: $0, line: line) }, problems)
    }

    /// What is wrong with `key` when it looks meant as the page's access rule but is not `access:`: any other key
    /// becomes a value for templates, which would leave the page to its folder's rule without a word. Such a key is
    /// `access` in another case, one letter off or with two neighbouring letters swapped, or a key of a rule written
    /// on its own (`roles: [Finance.Read]`).
    static func strayAccessKey(_ key: String) -> String? {
        if AccessRuleReader.keys.contains(key) {
            let example = AccessRuleReader.Syntax.frontMatter.list(key, AccessRuleReader.sample(for: key))
            return "'\(key)' on its own sets no access rule, so this page would keep its folder's; "
                + "write it inside access, e.g. access: { \(example) }"
        }
        guard key != "access", ClosestName.isSlip(key, of: "access") else { return nil }
        return "unknown key '\(key)'\(ClosestName.suggestion(for: key, among: ["access"])), which would leave this "
            + "page to its folder's rule; "
            + "write access:, or give your own value for templates a name further from it"
    }

    private func written(_ node: Node) -> WrittenAccessRule {
        switch node {
        case .scalar(let scalar) where Tag.Name(rawValue: node.tag.rawValue) != .null:
            return .keyword(scalar.string)
        case .mapping(let mapping):
            return .mapping(
                mapping.map { key, value in
                    WrittenAccessRule.Key(name: key.string ?? "?", line: fileLine(key.mark), entries: entries(value))
                })
        default:
            return .other
        }
    }

    /// A list's entries, or a single entry as a list of one; nil for a mapping or nothing.
    private func entries(_ node: Node) -> [WrittenAccessRule.Entry]? {
        switch node {
        case .scalar where Tag.Name(rawValue: node.tag.rawValue) == .null: nil
        case .scalar: [entry(node)]
        case .sequence(let sequence): sequence.map(entry)
        case .mapping, .alias: nil
        }
    }

    private func entry(_ node: Node) -> WrittenAccessRule.Entry {
        let line = fileLine(node.mark)
        guard case .scalar(let scalar) = node else {
            return WrittenAccessRule.Entry(text: nil, written: "a nested list or mapping", line: line)
        }
        switch Tag.Name(rawValue: node.tag.rawValue) {
        case .null:
            return WrittenAccessRule.Entry(text: "", written: "", line: line)
        case .bool, .int, .float:
            // `roles: [2024]` or `[yes]` are read as numbers and booleans; quoting them makes them text.
            return WrittenAccessRule.Entry(text: nil, written: scalar.string, line: line)
        default:
            return WrittenAccessRule.Entry(text: scalar.string, written: scalar.string, line: line)
        }
    }
}
