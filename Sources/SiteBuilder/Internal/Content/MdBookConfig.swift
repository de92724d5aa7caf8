import Foundation
import TOMLKit
import TextTools

/// mdBook's `book.toml`, in the folder holding the book's source folder: the `title` of its `[book]` table is the
/// site's title unless `site.toml` sets one. It is read when the `src` of `[book]` (by default `src`) is the site
/// folder. mdBook's other settings (`authors`, `[output.html]`, preprocessors…) say how mdBook builds the book and
/// are passed by.
///
/// ```toml
/// [book]
/// title = "The ops handbook"
/// src = "src"
/// ```
struct MdBookConfig: Sendable {
    static let fileName = "book.toml"

    /// The file, as messages name it: `book.toml` for the site folder `src`.
    let file: String
    var title: String?

    /// Where the file of the site folder `siteFolder` may be: in the folder holding it.
    static func files(besideSiteFolder siteFolder: String) -> [String] {
        [DisplayPaths.join(DisplayPaths.parent(of: siteFolder), fileName)]
    }

    /// The config of the site folder `siteFolder` (as the user names it), with the warnings reading it gave; nil
    /// when there is none, or its `src` is another folder. A file that is not TOML, and a title that is no text, are
    /// warnings: the site is built as if the file, or the title, were not there.
    static func load(siteFolder: String) -> (MdBookConfig, [Problem])? {
        let file = files(besideSiteFolder: siteFolder)[0]
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let text = PageText.decode(data)
        var config = MdBookConfig(file: file)
        func warning(_ line: Int?, _ message: String) -> Problem {
            Problem(file: file, line: line, message: message, isWarning: true)
        }
        let ignored = "the site is built as if the file were not there"
        if let problem = TOMLPreflight.firstProblem(in: text) {
            return (config, [warning(problem.line, "\(problem.message); " + ignored)])
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            return (config, [warning(error.source.begin.line, "\(error.description); " + ignored)])
        } catch {
            return (config, [warning(nil, "it cannot be read as TOML (\(error)); " + ignored)])
        }
        let book = table["book"]?.table
        let source = book?["src"]?.string ?? "src"
        guard DisplayPaths.isFolder(source, from: DisplayPaths.parent(of: siteFolder), siteFolder) else { return nil }
        guard let title = book?["title"] else { return (config, []) }
        guard let name = title.string, !name.isEmpty else {
            let message =
                "'title' in [book] must be a text, e.g. title = \"Handbook\"; the site's title is not taken from it"
            return (config, [warning(TOMLKeyLines(text: text).line(of: "book.title"), message)])
        }
        config.title = name
        return (config, [])
    }

    private init(file: String) {
        self.file = file
    }
}
