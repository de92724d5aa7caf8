import Foundation

/// The build cache: the manifest of the last published output, kept beside the output folder in
/// `.sitegen-cache/<output name>.json` (git-ignorable; deleting it only makes the next build slower).
///
/// A page whose full render context and templates hash to the key recorded for its file, and whose
/// file in the output still has the recorded digest, is not rendered again.
struct BuildCache {
    let file: String

    init(outputFolder: String) {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        let folder = output.deletingLastPathComponent().appendingPathComponent(".sitegen-cache")
        file = folder.appendingPathComponent(output.lastPathComponent + ".json").path
    }

    /// The previous manifest; nil when there is none or it was written by another sitegen version.
    func load() -> OutputManifest? {
        guard let data = FileManager.default.contents(atPath: file),
            let manifest = try? JSONDecoder().decode(OutputManifest.self, from: data),
            manifest.generator == PageContext.generator
        else { return nil }
        return manifest
    }

    func save(_ manifest: OutputManifest) throws {
        let folder = (file as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(manifest).write(to: URL(fileURLWithPath: file), options: .atomic)
    }
}
