import CLinux
import Foundation

/// Swaps a fully built staging folder in for the output folder in one step, so a reader (or nginx)
/// sees either the old site or the new one, never a half-written mix, and files of deleted pages go.
enum AtomicPublish {
    struct Failure: Error {
        let message: String
    }

    static func replace(_ outputFolder: String, with stagingFolder: String) throws(Failure) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: outputFolder, isDirectory: &isDirectory) else {
            guard rename(stagingFolder, outputFolder) == 0 else {
                throw failure("cannot rename the new site into place")
            }
            return
        }
        guard isDirectory.boolValue else {
            throw Failure(message: "'\(outputFolder)' exists and is not a folder; remove it or choose another --output")
        }
        if sitegen_rename_exchange(stagingFolder, outputFolder) == 0 {
            // The staging path now holds the previous site.
            try? FileManager.default.removeItem(atPath: stagingFolder)
            return
        }
        // Some file systems lack RENAME_EXCHANGE: fall back to two renames, a moment apart.
        let previous = stagingFolder + "-previous"
        guard rename(outputFolder, previous) == 0 else { throw failure("cannot move the previous site aside") }
        guard rename(stagingFolder, outputFolder) == 0 else {
            _ = rename(previous, outputFolder)
            throw failure("cannot rename the new site into place")
        }
        try? FileManager.default.removeItem(atPath: previous)
    }

    private static func failure(_ what: String) -> Failure {
        Failure(message: "\(what): \(String(cString: strerror(errno)))")
    }
}
