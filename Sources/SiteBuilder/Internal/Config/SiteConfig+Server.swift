import TOMLKit
import TextTools

extension SiteConfig {
    /// The keys of the `[server]` table.
    static let serverKeys = ["includes"]

    /// `[server]`: what the web server in front of the site can do, e.g. `includes = "none"`.
    static func parseServer(
        _ value: any TOMLValueConvertible, lines: TOMLKeyLines, file: String, into config: inout SiteConfig,
        problems: inout [Problem]
    ) {
        guard let table = value.table else {
            let message = "'server' must be a table: write [server] followed by includes = \"nginx\" or \"none\""
            problems.append(Problem(file: file, line: lines.line(of: "server"), message: message))
            return
        }
        for key in table.keys.sorted() {
            let line = lines.line(of: "server." + key) ?? lines.line(of: "server")
            guard key == "includes" else {
                let message =
                    "unknown key '\(key)' in [server]\(ClosestName.suggestion(for: key, among: serverKeys)); "
                    + "known keys are \(serverKeys.joined(separator: ", "))"
                problems.append(Problem(file: file, line: line, message: message))
                continue
            }
            guard let name = table[key]?.string, let includes = ServerIncludes(rawValue: name) else {
                let written = table[key]?.string.map { ", not '\($0)'" }
                let message =
                    "'includes' in [server] must be \"nginx\" (nginx runs the pages' Server Side Includes) or "
                    + "\"none\" (any other server: pages link only what all their readers may open)\(written ?? "")"
                problems.append(Problem(file: file, line: line, message: message))
                continue
            }
            config.includes = includes
        }
    }
}
