import Foundation

/// One build at a time for an output folder, across processes (`sitegen build`, `sitegen serve`, a build a script
/// started): an exclusive `flock` on a file in the build cache (`.sitegen-cache/NAME.lock`), held from before the
/// build reads its record until it has published. Two builds at once deleted each other's staged files and renamed
/// them into place in turns, and one could put back a manifest the other had replaced.
final class OutputLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock of `outputFolder`'s builds, calling `waiting` first when another build holds it and waiting
    /// for that build to end. Where the lock file cannot be made (a folder the build cannot write), nothing is
    /// locked: that build fails when it writes, and has nothing to guard.
    init(outputFolder: String, waiting: () -> Void) {
        let output = URL(fileURLWithPath: outputFolder).standardizedFileURL
        let folder = output.deletingLastPathComponent().appendingPathComponent(".sitegen-cache")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(output.lastPathComponent + ".lock").path
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) != 0 else { return }
        waiting()
        while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
