import Foundation

/// What a build's stages took and made, held so that it is not freed object by object on the build's thread:
/// freeing 10,000 pages, their summaries and the cache entries one by one takes about a tenth of a one-page
/// rebuild, and at 20,000 pages about a quarter of a preview's. In a process that ends with the build
/// (`BuildOptions.exitsAfterBuild`, `sitegen build`) it is never freed, and the kernel reclaims it at once at
/// exit; in one that goes on (`sitegen serve`) it is freed on another thread once the build has returned, so
/// the reload does not wait for it.
///
/// Unchecked `Sendable`: `keep(_:)` runs on the build's thread only, and after `release()` only the block it
/// queues touches what is held.
final class BuildLeftovers: @unchecked Sendable {
    private var values: [Any] = []
    private let freedAtExit: Bool

    init(freedAtExit: Bool) {
        self.freedAtExit = freedAtExit
        if freedAtExit { _ = Unmanaged.passRetained(self) }
    }

    /// Holds `value` until `release()`.
    func keep(_ value: Any) {
        values.append(value)
    }

    /// Frees what is held on another thread, or, in a process that ends with the build, never. Called once the
    /// build's own references are gone: whichever reference goes last frees an object, on its thread.
    func release() {
        guard !freedAtExit else { return }
        DispatchQueue.global(qos: .utility).async { self.values.removeAll() }
    }
}
