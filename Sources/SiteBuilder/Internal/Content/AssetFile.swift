import Foundation

/// A file copied byte for byte into the output.
struct AssetFile: Sendable {
    /// Where to read it, e.g. `site/images/logo.png` or `templates/assets/theme.css`; for a file of the
    /// built-in theme, how messages name it, e.g. `(built-in theme)/assets/theme.css`.
    let sourcePath: String
    /// Where it goes below the output folder, e.g. `images/logo.png` or `assets/theme.css`.
    let outputPath: String
    /// True for the theme's files, which every reader may load, signed in or not.
    var isThemeAsset = false
    /// The bytes of a file of the built-in theme, which has no `sourcePath` on disk.
    var builtInContents: Data?

    /// The bytes to copy; nil when the file cannot be read.
    func contents() -> Data? {
        builtInContents ?? FileManager.default.contents(atPath: sourcePath)
    }
}
