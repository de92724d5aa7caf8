import TOMLKit

extension WrittenAccessRule {
    /// `access = "signed-in"` or `access = { roles = ["Finance.Read"] }` (or an `[access]` table).
    /// TOMLKit keeps no positions, so every part is reported on the line of the `access` key.
    init(toml value: any TOMLValueConvertible, line: Int) {
        if let word = value.string {
            self = .keyword(word)
        } else if let table = value.table {
            self = .mapping(
                table.keys.sorted().map { name in
                    Key(name: name, line: line, entries: table[name].flatMap { Self.entries($0, line: line) })
                })
        } else {
            self = .other
        }
    }

    private static func entries(_ value: any TOMLValueConvertible, line: Int) -> [Entry]? {
        if let text = value.string { return [Entry(text: text, written: text, line: line)] }
        guard let array = value.array else { return nil }
        return array.map { item in
            Entry(text: item.string, written: item.string ?? item.debugDescription, line: line)
        }
    }
}
