/// A Markdown file of the site as listed, before it is read: its page and its file's stamp
/// (nil when the file vanished between listing and stamping; reading it then reports why).
struct PageFile: Sendable {
    let source: PageSource
    let stamp: FileStamp?
}
