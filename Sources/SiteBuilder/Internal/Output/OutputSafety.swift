import Foundation

/// Publishing replaces the whole output folder, so refuse folders whose loss would hurt:
/// the site or templates folder (or one containing them), the current folder, home, or `/`.
enum OutputSafety {
    static func problem(output: String, site: String, templates: String) -> Problem? {
        let outputPath = DisplayPaths.canonical(output)
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
            if name == "site", outputPath.hasPrefix(path + "/") {
                return Problem(
                    message:
                        "the output folder '\(output)' is inside the site folder '\(folder)'; choose a folder outside it"
                )
            }
        }
        return nil
    }
}
