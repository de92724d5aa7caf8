import Foundation

/// The build cache: the manifest of the last published output, kept beside the output folder in
/// `.sitegen-cache/<output name>.txt` (git-ignorable; deleting it only makes the next build slower).
///
/// A build whose inputs hash to the recorded digest, over an output that is exactly as recorded,
/// does nothing. Otherwise a page whose full render context and templates hash to the key recorded
/// for its file, and whose file in the output is intact, is not rendered again. A file counts as
/// intact while its size and modification time (in nanoseconds) are as recorded, as in `make` or
/// `git status`: only an edit that keeps both exactly escapes notice.
struct BuildCache {
    let file: String

    init(outputFolder: String) {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        let folder = output.deletingLastPathComponent().appendingPathComponent(".sitegen-cache")
        file = folder.appendingPathComponent(output.lastPathComponent + ".txt").path
    }

    /// The previous manifest; nil when there is none or it was written by another sitegen version.
    func load() -> OutputManifest? {
        guard let data = FileManager.default.contents(atPath: file),
            let manifest = OutputManifest(bytes: Array(data)),
            manifest.generator == PageContext.generator
        else { return nil }
        return manifest
    }

    func save(_ manifest: OutputManifest) throws {
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(manifest.text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
    }
}
