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
        self.init(
            keptCount: kept.count, currentCount: current.count,
            same: { keptPosition, currentPosition in
                let (earlier, now) = (kept[keptPosition], source(current[currentPosition]))
                return earlier === now || earlier.path == now.path
            },
            keptPath: { kept[$0].path }, currentPath: { source(current[$0]).path })
    }

    /// Aligns the paths of `current` with the `kept` sources.
    init(kept: [PageSource], current: [String]) {
        self.init(
            keptCount: kept.count, currentCount: current.count, same: { kept[$0].path == current[$1] },
            keptPath: { kept[$0].path }, currentPath: { current[$0] })
    }

    /// `same` tells whether the kept item at a position is the current one at another; the paths name them.
    private init(
        keptCount: Int, currentCount: Int, same: (Int, Int) -> Bool, keptPath: (Int) -> String,
        currentPath: (Int) -> String
    ) {
        var positions = [Int](repeating: -1, count: currentCount)
        let common = min(keptCount, currentCount)
        var first = 0
        while first < common, same(first, first) {
            positions[first] = first
            first += 1
        }
        var last = 0
        while last < common - first, same(keptCount - 1 - last, currentCount - 1 - last) {
            positions[currentCount - 1 - last] = keptCount - 1 - last
            last += 1
        }
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
