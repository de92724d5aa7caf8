/// An access rule as an author wrote it, in front matter or in `site.toml`, before it is checked.
///
/// YAML and TOML both reduce to this shape, so one reader checks both and their errors agree.
enum WrittenAccessRule {
    /// A single word: `public`, `signed-in`, or something else to complain about.
    case keyword(String)
    /// `{ roles: [Finance.Read], users: [...] }`
    case mapping([Key])
    /// Any other shape, such as a list, a number or nothing at all.
    case other

    /// One key of a mapping, with the line it is on.
    struct Key {
        let name: String
        let line: Int
        /// The entries; a single entry stands for a list of one. Nil when the value is neither.
        let entries: [Entry]?
    }

    /// One entry of a list, with the line it is on.
    struct Entry {
        /// The text; nil when the entry is not text (a number, a nested list, …).
        let text: String?
        /// The entry as written, for error messages.
        let written: String
        let line: Int
    }
}
