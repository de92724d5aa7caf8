/// An entry of `page.toc`: an h2 with its h3s as children.
struct TocEntry: Sendable, Equatable {
    let id: String
    let title: String
    var children: [TocEntry]

    /// Builds the table of contents from h2 and h3 headings; an h3 before any h2 is listed at the top level.
    static func entries(from headings: [(heading: Heading, id: String)]) -> [TocEntry] {
        var entries: [TocEntry] = []
        var seenH2 = false
        for (heading, id) in headings where heading.isListed && (heading.level == 2 || heading.level == 3) {
            let entry = TocEntry(id: id, title: heading.shown, children: [])
            if heading.level == 3, seenH2 {
                entries[entries.count - 1].children.append(entry)
            } else {
                entries.append(entry)
                seenH2 = seenH2 || heading.level == 2
            }
        }
        return entries
    }

    var templateValue: TemplateValue {
        .object(["id": .string(id), "title": .string(title), "children": .list(children.map(\.templateValue))])
    }
}
