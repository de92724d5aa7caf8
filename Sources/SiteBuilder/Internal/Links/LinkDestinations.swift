/// The destinations of a page's links as one run of bytes, made once for a page a `BuildSession` keeps: whether a
/// change to the link targets may reach any of them is then one search per changed name (`LinkTargetChanges`)
/// rather than a pass over the page's links in every build.
final class LinkDestinations: Sendable {
    /// Every destination's UTF-8 bytes, each followed by a zero byte, which no target's name holds.
    let bytes: [UInt8]
    /// Some destination is one every change asks again (`LinkTargetChanges.alwaysAsked`).
    let alwaysAsked: Bool

    init(_ links: [ResolvedLink]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(links.reduce(0) { $0 + $1.destination.utf8.count + 1 })
        var alwaysAsked = false
        for link in links {
            let appended = link.destination.utf8.withContiguousStorageIfAvailable { destination in
                bytes.append(contentsOf: destination)
                return LinkTargetChanges.alwaysAsked(destination)
            }
            // Text not stored as UTF-8 (bridged from elsewhere) is asked again, as `mayChange` asks it.
            alwaysAsked = alwaysAsked || appended ?? true
            bytes.append(0)
        }
        (self.bytes, self.alwaysAsked) = (bytes, alwaysAsked)
    }
}
