/// What makes a file a page and what its name says: `.md` and `.markdown` files are pages; `index.md`,
/// `_index.md` and `README.md` are a folder's section page, as GitHub shows a folder by its README; a
/// leading number (`01-intro.md`, `2_setup.md`) orders pages and is left out of the title made from the name.
enum MarkdownFileName {
    static let extensions = [".md", ".markdown"]
    /// Names of a folder's section page; more than one of them in a folder is an error.
    static let sectionNames: Set<String> = [
        "index.md", "_index.md", "README.md", "index.markdown", "_index.markdown", "README.markdown",
    ]

    static func isMarkdown(_ name: String) -> Bool {
        name.hasSuffix(".md") || name.hasSuffix(".markdown")
    }

    /// `guide/setup.md` → `guide/setup`.
    static func stem(of path: String) -> Substring {
        path.hasSuffix(".md") ? path.dropLast(3) : path.hasSuffix(".markdown") ? path.dropLast(9) : Substring(path)
    }

    /// The number a name starts with before `-`, `_`, `.` or a space (`01-intro` → 1);
    /// nil when it starts with none.
    static func leadingNumber(of name: String) -> (number: Int, rest: Substring)? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < name.count else { return nil }
        let separator = name[digits.endIndex]
        guard separator == "-" || separator == "_" || separator == "." || separator == " " else { return nil }
        let rest = name[name.index(after: digits.endIndex)...]
        guard !rest.isEmpty else { return nil }
        return (Int(digits) ?? Int.max, rest)
    }
}
