import Foundation

/// Publishing replaces the whole output folder, so refuse folders whose loss would hurt:
/// the site or templates folder (or one containing them), the current folder, home, or `/`; and folders inside
/// the site or templates folder, whose next build would publish the last one's pages again as files of the site or
/// the theme, under their rules. Symbolic links count where they lead, also on the way to an output not made yet.
enum OutputSafety {
    static func problem(output: String, site: String, templates: String) -> Problem? {
        let outputPath = realPath(ofMaybeMissing: output)
        let dangerous = ["/", NSHomeDirectory(), "."].map(DisplayPaths.canonical)
        if dangerous.contains(outputPath) {
            return Problem(message: "refusing to replace '\(output)' with the built site; pass --output public")
        }
        for (name, folder) in [("site", site), ("templates", templates)] {
            let path = DisplayPaths.canonical(folder)
            if path == outputPath || path.hasPrefix(outputPath + "/") {
                return Problem(
                    message:
                        "the output folder '\(output)' would replace the \(name) folder '\(folder)'; choose another --output"
                )
            }
            if outputPath.hasPrefix(path + "/") {
                return Problem(
                    message:
                        "the output folder '\(output)' is inside the \(name) folder '\(folder)'; choose a folder outside it"
                )
            }
        }
        return nil
    }

    /// The real path of `path`, which may not exist yet: its nearest folder that does, with symbolic links resolved,
    /// and the rest as written.
    private static func realPath(ofMaybeMissing path: String) -> String {
        var existing = URL(fileURLWithPath: path.isEmpty ? "." : path).standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        return rest.reduce(DisplayPaths.canonical(existing.path)) { DisplayPaths.join($0, $1) }
    }
}
