import CMarkGFM
import Foundation
import TextTools

/// Keys to press, as MkDocs Material (`pymdownx.keys`) writes them: `++ctrl+alt+del++` becomes
///
///     <kbd class="keys"><kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd></kbd>
///
/// each key named as a keyboard shows it (`ctrl` is Ctrl, `arrow-up` ↑, `f5` F5, `c` C), or as written in quotes
/// (`++ctrl+"My Key"++`). Read after parsing, in text, so code, addresses and raw HTML stay as written; what is no
/// list of keys between `++` and `++` (`C++ and C++`) stays text.
enum Keys {
    /// Whether `markdown` holds `++`; else it holds no keys.
    static func mayHold(_ markdown: String) -> Bool {
        markdown.containsBytes("++")
    }

    /// Writes each list of keys in the text below `root` as keys. The text nodes are consolidated ones.
    static func apply(in root: OpaquePointer) {
        var nodes: [OpaquePointer] = []
        CMark.walk(root) { node in
            if cmark_node_get_type(node) == CMARK_NODE_TEXT, !CMark.isAddress(node),
                CMark.literal(of: node).contains("++")
            {
                nodes.append(node)
            }
        }
        for node in nodes { write(in: node) }
    }

    /// Splits text node `node` at each list of keys, which becomes a raw HTML node between text nodes.
    private static func write(in node: OpaquePointer) {
        let text = CMark.literal(of: node)
        var pieces: [(before: Substring, keys: [String])] = []
        var plain = text.startIndex
        var search = text.startIndex
        while let open = text[search...].range(of: "++") {
            if let (keys, length) = keys(at: text[open.upperBound...]) {
                pieces.append((text[plain..<open.lowerBound], keys))
                plain = text.index(open.upperBound, offsetBy: length)
                search = plain
            } else {
                search = text.index(after: open.lowerBound)
            }
        }
        guard !pieces.isEmpty else { return }
        for piece in pieces {
            CMark.insert(CMARK_NODE_TEXT, piece.before, before: node)
            CMark.insert(CMARK_NODE_HTML_INLINE, html(piece.keys), before: node)
        }
        CMark.insert(CMARK_NODE_TEXT, text[plain...], before: node)
        cmark_node_unlink(node)
        cmark_node_free(node)
    }

    /// The keys listed at the start of `text` up to the closing `++`, and how many characters that takes; nil when
    /// it starts no list: a name is letters, digits and hyphens, or any text in double quotes.
    private static func keys(at text: Substring) -> ([String], Int)? {
        var keys: [String] = []
        var rest = text
        while true {
            if rest.first == "\"" {
                guard let end = rest.dropFirst().firstIndex(of: "\""), rest.index(after: rest.startIndex) < end
                else { return nil }
                keys.append(String(rest[rest.index(after: rest.startIndex)..<end]).htmlEscaped)
                rest = rest[rest.index(after: end)...]
            } else {
                let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
                guard !name.isEmpty, name.first != "-", name.last != "-" else { return nil }
                keys.append(shown(name.lowercased()))
                rest = rest.dropFirst(name.count)
            }
            if rest.hasPrefix("++") { return (keys, text.distance(from: text.startIndex, to: rest.startIndex) + 2) }
            guard rest.first == "+" else { return nil }
            rest = rest.dropFirst()
        }
    }

    /// The keys as HTML: one `<kbd>` a key, inside one for the whole.
    private static func html(_ keys: [String]) -> String {
        "<kbd class=\"keys\">" + keys.map { "<kbd>\($0)</kbd>" }.joined(separator: "+") + "</kbd>"
    }

    /// How a keyboard shows the key named `name` (lower case).
    private static func shown(_ name: String) -> String {
        if let known = names[name] { return known }
        if name.count == 1 || (name.first == "f" && Int(name.dropFirst()) != nil) { return name.uppercased() }
        return name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    private static let names: [String: String] = [
        "ctrl": "Ctrl", "control": "Ctrl", "alt": "Alt", "option": "Option", "shift": "Shift", "cmd": "Cmd",
        "command": "Cmd", "meta": "Meta", "win": "Win", "windows": "Win", "super": "Super", "fn": "Fn",
        "enter": "Enter", "return": "Return", "esc": "Esc", "escape": "Esc", "tab": "Tab", "space": "Space",
        "backspace": "Backspace", "del": "Del", "delete": "Del", "ins": "Ins", "insert": "Ins",
        "pgup": "Page Up", "pgdn": "Page Down", "up": "↑", "down": "↓", "left": "←", "right": "→",
        "arrow-up": "↑", "arrow-down": "↓", "arrow-left": "←", "arrow-right": "→", "caps-lock": "Caps Lock",
        "num-lock": "Num Lock", "print-screen": "Print Screen", "plus": "+",
    ]
}
