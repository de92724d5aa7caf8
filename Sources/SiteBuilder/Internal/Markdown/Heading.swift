/// A heading as found in the Markdown, before it gets its id.
struct Heading: Sendable {
    let level: Int
    /// The text as written, which its id is made from: `:tada: Release`.
    let text: String
    /// The text as the page shows it, in its table of contents and as its title: `🎉 Release` (see `Emoji`).
    let shown: String
    /// The id its attribute block gives it, `install` for `## Install {#install}` (see `HeadingAttributes`).
    var writtenID: String?
    /// Whether the tables of contents list it; kramdown's class `no_toc` says not (see `BlockAttributes`).
    var isListed = true

    /// A heading shown as written, unless `shown` says otherwise.
    init(level: Int, text: String, shown: String? = nil, writtenID: String? = nil) {
        self.level = level
        self.text = text
        self.shown = shown ?? text
        self.writtenID = writtenID
    }
}
