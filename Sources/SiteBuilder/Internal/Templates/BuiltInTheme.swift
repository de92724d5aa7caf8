import Foundation

/// The default theme compiled into sitegen: the repository's `templates/`, embedded by the EmbedTheme
/// build plugin as `BuiltInThemeFiles`.
enum BuiltInTheme {
    /// Every file of the theme by path relative to its root, e.g. `partials/nav.mustache` → its bytes.
    static let files: [String: Data] = BuiltInThemeFiles.files.mapValues { base64 in
        guard let data = Data(base64Encoded: base64) else {
            preconditionFailure("the EmbedTheme plugin wrote invalid base64")
        }
        return data
    }

    /// How messages and listings name a built-in file, e.g. `(built-in theme)/partials/nav.mustache`.
    static func displayPath(_ relativePath: String) -> String {
        "(built-in theme)/" + relativePath
    }
}
