import TextTools
import Yams

/// Front matter keys a page brought from another tool, and slips of sitegen's own.
///
/// Keys that mean what one of sitegen's means are read as it: Jekyll's `published: false` leaves the page out
/// as `draft: true` does, Docusaurus's `sidebar_position` and Just the Docs's `nav_order` order it as `weight`
/// does (a `weight` of its own comes first), Hugo's `linkTitle` and Docusaurus's `sidebar_label` name it in the
/// navigation as `nav_title` does, and jekyll-redirect-from's `redirect_from` and Jekyll's
/// `permalink` add old paths as `aliases` does: the page is published at the path of its file, and the address
/// it had redirects there. `slug`, which would rename the page's address, and keys one slip away from one of
/// sitegen's (`weigth`, `Title`) stay values for templates, with a warning saying what to write instead.
/// `layout`, the other tools' theme files, is left to templates without a word: the theme renders every page.
struct OtherToolKeys {
    private var unpublished = false
    private var order: Double?
    private var navTitle: String?
    private var redirects: [Located<String>] = []
    private(set) var warnings: [LineMessage] = []

    /// What a quoted `published: "false"` may mean: a yes or no, which YAML reads as text in quotes.
    private static let quotedBooleans: Set<String> = ["true", "false", "yes", "no", "on", "off"]

    /// sitegen's keys, but `access`, whose slips are errors (`strayAccessKey`); `language` is read from
    /// `params` by `PageContext`.
    static let sitegenKeys = [
        "title", "nav_title", "description", "date", "draft", "weight", "aliases", "tags", "template", "language",
    ]

    /// Reads `key` when it is another tool's key for one of sitegen's ideas: true when it was read, with the
    /// problem of its value, if any, in `problem`. `paths` reads a list of texts with their lines.
    mutating func read(
        key: String, value: Node, line: Int, paths: (Node) -> [Located<String>]?, problem: inout String?
    ) -> Bool {
        switch key {
        case "published" where value.bool != nil:
            unpublished = unpublished || value.bool == false
        case "published" where Self.quotedBooleans.contains(value.string?.lowercased() ?? ""):
            // Published by mistake, a page meant to be left out would show its unfinished text.
            problem =
                "'published' must be true or false, unquoted (published: false leaves the page out, as draft: true "
                + "does)"
        case "sidebar_position", "nav_order":
            guard let number = value.int.map(Double.init) ?? value.float, number.isFinite else {
                warnings.append(
                    LineMessage(
                        line: line,
                        message: "'\(key)' orders pages only as a number, e.g. \(key): 3; this page is ordered as "
                            + "if it had none"))
                return true
            }
            order = order ?? number
        case "linkTitle", "sidebar_label":
            guard case .scalar(let scalar) = value, !scalar.string.isEmpty else {
                warnings.append(
                    LineMessage(
                        line: line,
                        message: "'\(key)' names a page in the navigation only as text, e.g. \(key): Setup; the "
                            + "navigation shows the page's title"))
                return true
            }
            navTitle = navTitle ?? scalar.string
        case "permalink":
            // A path, not one of Jekyll's patterns (`pretty`, `/:categories/:title/`).
            guard let path = value.string, path.hasPrefix("/"), !path.contains(":") else {
                warnings.append(
                    LineMessage(
                        line: line,
                        message: "this 'permalink' is a pattern or a relative path, which sitegen cannot keep as an "
                            + "address: a page is published at the path of its file; keep an old address working "
                            + "with aliases: [/old/path/]"))
                return true
            }
            redirects.append(Located(value: path, line: line))
        case "redirect_from":
            if case .scalar(let scalar) = value {
                redirects.append(Located(value: scalar.string, line: line))
            } else if let paths = paths(value) {
                redirects += paths
            } else {
                problem = "'redirect_from' must be a list of old paths, e.g. redirect_from: [/old/setup/]"
            }
        default:
            return false
        }
        return true
    }

    /// Warns about `key`, about to become a value for templates, when it is Hugo's `slug`, or one of sitegen's
    /// own keys written with a slip.
    mutating func warnIfMisread(key: String, line: Int) {
        let message: String
        switch key {
        case "slug":
            message =
                "'slug' is Hugo's and Docusaurus's key, which sitegen does not read: a page is published at the path "
                + "of its file; rename the file to change its address, and keep the old one working with aliases: [OLD]"
        default:
            guard !Self.sitegenKeys.contains(key),
                let meant = Self.sitegenKeys.first(where: { Self.isSlip(key, of: $0) })
            else { return }
            message =
                "'\(key)' is not one of sitegen's keys (did you mean '\(meant)'?), so it only reaches templates, "
                + "as page.params.\(key); write \(meant):, or give your own value a name further from it"
        }
        warnings.append(LineMessage(line: line, message: message))
    }

    /// Whether `key` is a slip of `meant` (`ClosestName.isSlip`) rather than a value of the page's own: a slip
    /// keeps the first letter (`height` is no `weight`), and changes no letter of a four-letter key (`tabs` and
    /// `data` are no `tags` and `date`, but `tag`, `Date` and `dtae` are).
    private static func isSlip(_ key: String, of meant: String) -> Bool {
        let (written, meant) = (key.lowercased(), meant.lowercased())
        guard written.first == meant.first, ClosestName.isSlip(written, of: meant) else { return false }
        return meant.count > 4 || written.count != meant.count || written.sorted() == meant.sorted()
    }

    /// Puts what the other tools' keys said into `frontMatter`, whatever order the keys came in.
    func settle(into frontMatter: inout FrontMatter) {
        frontMatter.isDraft = frontMatter.isDraft || unpublished
        frontMatter.weight = frontMatter.weight ?? order
        frontMatter.navTitle = frontMatter.navTitle ?? navTitle
        frontMatter.aliases += redirects
        frontMatter.warnings = warnings
    }
}
