/// What makes a file a page and what its name says: `.md` and `.markdown` files are pages, the extension in
/// any case (`.MD`, `.Markdown`); `index.md`, `_index.md` and a README, each in any case (`Index.md`, `README.md`,
/// `readme.md`, `Readme.MD`), are a folder's section page, as GitHub shows a folder by its README; a leading number
/// (`01-intro.md`, `2_setup.md`) orders pages and is left out of the title made from the name.
enum MarkdownFileName {
    private static let extensions: [[UInt8]] = [Array(".md".utf8), Array(".markdown".utf8)]

    static func isMarkdown(_ name: String) -> Bool {
        extensionLength(of: name) != nil
    }

    /// Whether `name` (a file name, not a path) names its folder's section page; more than one such file in a
    /// folder is an error.
    static func isSectionName(_ name: String) -> Bool {
        guard let length = extensionLength(of: name) else { return false }
        let stem = name.utf8.dropLast(length)
        return isIndexStem(stem) || stem.count == 6 && endsWith(stem, "readme".utf8)
    }

    /// `isSectionName` of the last component of `path`, read in place: asked of every Markdown file of the site, most
    /// of whose names cannot be a section's by their first letter.
    static func isSectionPath(_ path: String) -> Bool {
        let start = SitePath.lastSlash(in: path).map { path.utf8.index(after: $0) } ?? path.utf8.startIndex
        guard start < path.utf8.endIndex, sectionInitials.contains(path.utf8[start]) else { return false }
        return isSectionName(String(path[start...]))
    }

    /// What a section page's name starts with: `index`, `_index` or `readme`, in any case.
    private static let sectionInitials = Array("iI_rR".utf8)

    /// Whether `name` is `index.md` or `_index.md` (in any case, any Markdown extension): a section page that is no
    /// README.
    static func isIndexName(_ name: String) -> Bool {
        guard let length = extensionLength(of: name) else { return false }
        return isIndexStem(name.utf8.dropLast(length))
    }

    private static func isIndexStem(_ stem: Substring.UTF8View) -> Bool {
        (stem.count == 5 || stem.count == 6 && stem.first == UInt8(ascii: "_")) && endsWith(stem, "index".utf8)
    }

    /// `guide/setup.md` → `guide/setup`.
    static func stem(of path: String) -> Substring {
        guard let length = extensionLength(of: path) else { return Substring(path) }
        return Substring(path.utf8.dropLast(length))
    }

    /// The length in bytes of the Markdown extension `name` ends with, in any case; nil when it ends with none.
    /// Asked of every file of the site, so it reads the name's bytes in place.
    private static func extensionLength(of name: String) -> Int? {
        var name = name
        return name.withUTF8 { bytes in extensions.first { endsWith(bytes, $0) }?.count }
    }

    /// Whether `bytes` ends with the lowercase ASCII `suffix`, ignoring the case of letters.
    private static func endsWith(_ bytes: some BidirectionalCollection<UInt8>, _ suffix: some Collection<UInt8>)
        -> Bool
    {
        guard bytes.count >= suffix.count else { return false }
        return zip(bytes.suffix(suffix.count), suffix).allSatisfy { byte, lower in
            (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == lower
        }
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
