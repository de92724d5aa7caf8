/// What a `BuildSession`'s stage kept of each page of its last build, found again for each page of this build by
/// where it stood instead of by hashing its path.
///
/// A build's lists keep their order from build to build (the site folder is listed sorted), so after an edit, or a
/// page added or removed, the two lists are the same but for a stretch in the middle: the items they share at each
/// end are found by comparing their paths pairwise (mostly the same storage, which compares at once), and only the
/// items of that stretch are matched through a dictionary.
struct ListAlignment<Item: Sendable>: Sendable {
    /// What was kept, in the order of the earlier build's list.
    private let kept: [Item]
    /// For each item of the current list, its position in `kept`; -1 when it has none.
    private let positions: [Int]

    /// Aligns `current` with `kept` by the path of each item, which names it once in its list.
    init<Current>(kept: [Item], current: [Current], keptPath: (Item) -> String, currentPath: (Current) -> String) {
        var positions = [Int](repeating: -1, count: current.count)
        let common = min(kept.count, current.count)
        var first = 0
        while first < common, keptPath(kept[first]) == currentPath(current[first]) {
            positions[first] = first
            first += 1
        }
        var last = 0
        while last < common - first,
            keptPath(kept[kept.count - 1 - last]) == currentPath(current[current.count - 1 - last])
        {
            positions[current.count - 1 - last] = kept.count - 1 - last
            last += 1
        }
        let middle = first..<current.count - last
        if !middle.isEmpty, first < kept.count - last {
            var byPath: [String: Int] = [:]
            byPath.reserveCapacity(kept.count - last - first)
            for position in first..<kept.count - last { byPath[keptPath(kept[position])] = position }
            for position in middle { positions[position] = byPath[currentPath(current[position])] ?? -1 }
        }
        self.kept = kept
        self.positions = positions
    }

    /// What was kept of the current list's item at `index`; nil when the earlier list did not have it.
    subscript(index: Int) -> Item? {
        let position = positions[index]
        return position < 0 ? nil : kept[position]
    }
}
