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

    /// A digest of every file of the theme, so that a sitegen with a changed built-in theme rebuilds
    /// what an older one built, even under the same version.
    static let digest: String = SHA256.hex(
        files.keys.sorted().map { path in
            let content = SHA256.hex(files[path] ?? Data())
            return "\(path.utf8.count):\(path)\(content)"
        }.joined())

    /// How messages and listings name a built-in file, e.g. `(built-in theme)/partials/nav.mustache`.
    static func displayPath(_ relativePath: String) -> String {
        "(built-in theme)/" + relativePath
    }
}
