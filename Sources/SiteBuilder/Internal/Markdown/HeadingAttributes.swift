/// The attribute block (`AttributeList`) MkDocs, Hugo, kramdown and Pandoc let a heading end with:
/// `## Install the server {#install}`, `{: #install }`, `{#install .note data-x="y"}`. The heading takes
/// the id; classes and `key=value` parts are allowed and left out. Braces without exactly one `#id`
/// (`{x}`, `{.note}`, `{#}`), or not after a space, are the heading's text.
struct HeadingAttributes: Equatable {
    /// The id written after `#`.
    let id: String
    /// The block's length in bytes, from its `{` to its `}`.
    let length: Int

    /// The block `text` ends with; nil when it ends with none.
    init?(endOf text: [UInt8]) {
        guard let (list, open) = AttributeList.ending(text), let id = list.id else { return nil }
        self.id = id
        length = text.count - open
    }
}
