import Foundation

extension Admonitions {
    /// What a container's opening line says: the callout's kind, its header, and how many colons open it, which
    /// as many or more close.
    struct ContainerOpener: Sendable {
        var kind: String
        var header: Header
        var colons: Int
    }

    /// The container an opening line starts, as Docusaurus (`:::tip`, `:::tip[Title]`, `:::tip Title`), VitePress
    /// (`::: tip Title`, `::: details Title`) and Pandoc (`::: warning`) write them: three colons or more, the kind
    /// as one word, then a title in brackets or the rest of the line. VitePress's `details` is a closed
    /// collapsible note titled "Details" unless it says otherwise; any other kind is as written, a callout's
    /// (`Callouts`) or one no callout is, whose content is then read as if it were in no container. nil for any
    /// other line: colons alone close a container, and `::: {.note}`, Pandoc's attributes, say no kind.
    static func containerOpener(_ line: String) -> ContainerOpener? {
        let colons = line.prefix { $0 == ":" }.count
        // A lone "\r" ends a line for cmark but not for the rewrite, which would lose it with the opening line.
        guard colons >= 3, !line.contains(where: \.isNewline) else { return nil }
        var rest = line.dropFirst(colons).drop { $0 == " " }
        let kind = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
        guard let first = kind.first, first.isLetter else { return nil }
        rest = rest.dropFirst(kind.count)
        var title: String?
        if rest.first == "[" {
            let trimmed = rest.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasSuffix("]") else { return nil }
            title = String(trimmed.dropFirst().dropLast())
        } else if rest.first == " " || rest.first == "\t" {
            let words = rest.trimmingCharacters(in: .whitespaces)
            title = words.isEmpty ? nil : words
        } else if !rest.isEmpty {
            return nil
        }
        if kind.lowercased() == "details" {
            return ContainerOpener(
                kind: "note", header: Header(title: title ?? "Details", collapsedOpen: false), colons: colons)
        }
        return ContainerOpener(kind: String(kind), header: Header(title: title), colons: colons)
    }
}
