/// The ids links may name on one page: its headings' ids and the ids written in its raw HTML, and the ids
/// MkDocs gives its headings where those differ (see `MkDocsIDs`), so a link written for MkDocs
/// (`#set-up-nginx`) finds the heading it means (`set-up----nginx`).
struct PageAnchors: Sendable, Equatable {
    var ids: Set<String> = []
    /// MkDocs's id of a heading → the heading's id, for the headings whose two ids differ.
    var mkdocsIDs: [String: String] = [:]

    /// The id `fragment` leads to: itself when the page has it, else the heading MkDocs gives that id; nil when
    /// neither. MkDocs's ids are asked only for a fragment the page does not have.
    func id(for fragment: String) -> String? {
        ids.contains(fragment) ? fragment : mkdocsIDs[fragment]
    }
}
