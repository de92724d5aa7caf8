/// What a build's stages took and made, for a process that exits when the build ends (`sitegen build`):
/// held here, it is never freed piece by piece, and the kernel reclaims it at once when the process
/// ends. At 10,000 pages, freeing the pages, their summaries and the cache entries one by one takes
/// about a tenth of a one-page rebuild. Never freed itself; used on the build's own thread only.
final class KeptUntilExit {
    private var values: [Any] = []

    private init() {}

    /// A new holder that is never freed.
    static func make() -> KeptUntilExit {
        let holder = KeptUntilExit()
        _ = Unmanaged.passRetained(holder)
        return holder
    }

    func keep(_ value: Any) {
        values.append(value)
    }
}
