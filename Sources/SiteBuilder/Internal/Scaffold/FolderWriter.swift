import Foundation

/// Writes a set of files below one folder for `sitegen new` and `sitegen theme export`: all of them
/// or, when one would replace an existing file, none.
struct FolderWriter {
    /// A file to write, by path relative to the folder.
    struct File {
        let path: String
        let contents: Data
    }

    let folder: String

    /// Refuses a folder that holds anything, hidden files included.
    func requireEmptyFolder() throws(SetupError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder), !names.isEmpty else { return }
        let shown = names.sorted().prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
        throw SetupError(
            kind: .folderNotEmpty,
            description:
                "'\(folder)' is not empty (it holds \(shown)); give a new folder, e.g. sitegen new my-site")
    }

    /// Writes every file, creating folders as needed; with `overwrite` false, first checks that none
    /// of them exists.
    func write(_ files: [File], overwrite: Bool) throws(SetupError) {
        let targets = files.map { DisplayPaths.join(folder, $0.path) }
        if !overwrite {
            let existing = targets.filter { FileManager.default.fileExists(atPath: $0) }
            if !existing.isEmpty {
                let shown = existing.prefix(3).joined(separator: ", ") + (existing.count > 3 ? ", …" : "")
                let noun = existing.count == 1 ? "exists" : "exist"
                throw SetupError(
                    kind: .fileExists,
                    description: "\(shown) \(noun) already; nothing was written. Pass --force to replace them")
            }
        }
        for (file, target) in zip(files, targets) {
            do {
                let url = URL(fileURLWithPath: target)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.contents.write(to: url, options: .atomic)
            } catch {
                throw SetupError(
                    kind: .cannotWrite, description: "cannot write \(target): \(error.systemReason)")
            }
        }
    }
}
