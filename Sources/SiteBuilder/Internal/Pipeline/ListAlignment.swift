/// Where each page of this build stood in a `BuildSession`'s last build, found by position instead of by hashing its
/// path: the stages that keep something of each page keep the pages' sources in their order beside it, and look up
/// what they kept of a page at the position this gives.
///
/// A build's lists keep their order from build to build (the site folder is listed sorted), so after an edit, or a
/// page added or removed, the two lists are the same but for a stretch in the middle: the pages they share at each
/// end are found by comparing them pairwise, and only the pages of that stretch are matched through a dictionary.
/// A session gives a file the source object it had while the site's layout stands (`SiteContent.Kept`), so most
/// pairs are told equal by that object alone. The kept sources are a list of their own, apart from what was kept of
/// each page: reading one of those to find its source would touch each of its objects, and a pass that touches
/// twenty thousand pages' objects waits on memory for most of its time.
struct ListAlignment: Sendable {
    /// For each item of the current list, its position in the kept list; -1 when it has none.
    private let positions: [Int]

    /// Aligns `current` with the `kept` sources, by the source of each item (`source`): the same object, else the
    /// same path.
    init<Current>(kept: [PageSource], current: [Current], source: (Current) -> PageSource) {
        // The ends the two lists share are found by the objects' addresses, read from the lists' buffers: holding
        // each object to compare it would write its reference count, a cache miss per page on a large site.
        var (first, last) = (0, 0)
        kept.withUnsafeBufferPointer { kept in
            current.withUnsafeBufferPointer { current in
                let common = min(kept.count, current.count)
                func same(_ earlier: Int, _ now: Int) -> Bool {
                    ObjectIdentifier(kept[earlier]) == ObjectIdentifier(source(current[now]))
                }
                while first < common, same(first, first) { first += 1 }
                while last < common - first, same(kept.count - 1 - last, current.count - 1 - last) { last += 1 }
            }
        }
        self.init(
            keptCount: kept.count, currentCount: current.count, sameEnds: (first, last),
            same: { keptPosition, currentPosition in
                let (earlier, now) = (kept[keptPosition], source(current[currentPosition]))
                return earlier === now || earlier.path == now.path
            },
            keptPath: { kept[$0].path }, currentPath: { source(current[$0]).path })
    }

    /// Aligns the paths of `current` with the `kept` sources.
    init(kept: [PageSource], current: [String]) {
        self.init(
            keptCount: kept.count, currentCount: current.count, sameEnds: (0, 0),
            same: { kept[$0].path == current[$1] }, keptPath: { kept[$0].path }, currentPath: { current[$0] })
    }

    /// `same` tells whether the kept item at a position is the current one at another; the paths name them. The first
    /// `sameEnds.first` and last `sameEnds.last` items are known to be the same.
    private init(
        keptCount: Int, currentCount: Int, sameEnds: (first: Int, last: Int), same: (Int, Int) -> Bool,
        keptPath: (Int) -> String, currentPath: (Int) -> String
    ) {
        var positions = [Int](repeating: -1, count: currentCount)
        let common = min(keptCount, currentCount)
        var first = sameEnds.first
        while first < common - sameEnds.last, same(first, first) { first += 1 }
        for position in 0..<first { positions[position] = position }
        var last = sameEnds.last
        while last < common - first, same(keptCount - 1 - last, currentCount - 1 - last) { last += 1 }
        for offset in 0..<last { positions[currentCount - 1 - offset] = keptCount - 1 - offset }
        let middle = first..<currentCount - last
        if !middle.isEmpty, first < keptCount - last {
            var byPath: [String: Int] = [:]
            byPath.reserveCapacity(keptCount - last - first)
            for position in first..<keptCount - last { byPath[keptPath(position)] = position }
            for position in middle { positions[position] = byPath[currentPath(position)] ?? -1 }
        }
        self.positions = positions
    }

    /// The position in the kept list of the current list's item at `index`; nil when the kept list did not have it.
    subscript(index: Int) -> Int? {
        let position = positions[index]
        return position < 0 ? nil : position
    }
}
