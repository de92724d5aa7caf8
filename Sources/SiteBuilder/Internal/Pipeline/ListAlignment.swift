/// Where each item of a list stood in the list an earlier build made, for a `BuildSession`'s stages to find what
/// they kept of an item by its position instead of hashing its path.
///
/// A build's lists keep their order from build to build (the site folder is listed sorted), so after an edit, or a
/// page added or removed, the two lists are the same but for a stretch in the middle: the items they share at each
/// end are found by comparing their paths pairwise (mostly the same storage, which compares at once), and only the
/// items of that stretch are matched through a dictionary.
struct ListAlignment: Sendable {
    /// For each item of the current list, its position in the earlier one; -1 when it has none.
    private let earlier: [Int]

    /// Aligns `current` with `earlier` by the path of each item, which names it once in its list.
    init<Earlier, Current>(
        earlier: [Earlier], current: [Current], earlierPath: (Earlier) -> String, currentPath: (Current) -> String
    ) {
        var positions = [Int](repeating: -1, count: current.count)
        let common = min(earlier.count, current.count)
        var first = 0
        while first < common, earlierPath(earlier[first]) == currentPath(current[first]) {
            positions[first] = first
            first += 1
        }
        var last = 0
        while last < common - first,
            earlierPath(earlier[earlier.count - 1 - last]) == currentPath(current[current.count - 1 - last])
        {
            positions[current.count - 1 - last] = earlier.count - 1 - last
            last += 1
        }
        let middle = first..<current.count - last
        if !middle.isEmpty, first < earlier.count - last {
            var byPath: [String: Int] = [:]
            byPath.reserveCapacity(earlier.count - last - first)
            for position in first..<earlier.count - last { byPath[earlierPath(earlier[position])] = position }
            for position in middle { positions[position] = byPath[currentPath(current[position])] ?? -1 }
        }
        self.earlier = positions
    }

    /// The position in the earlier list of the current list's item at `index`; nil when it had none.
    func earlier(of index: Int) -> Int? {
        let position = earlier[index]
        return position < 0 ? nil : position
    }
}
