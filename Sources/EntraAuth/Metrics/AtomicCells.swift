import Synchronization

/// A fixed number of 64-bit counts, each added to with one atomic instruction: no lock, no allocation, safe from any
/// thread. The storage behind `Counter` and `Histogram`.
///
/// `Atomic` cannot be copied, so it cannot sit in an `Array`; the cells live in memory of their own that never moves.
final class AtomicCells: @unchecked Sendable {
    let count: Int
    private let cells: UnsafeMutablePointer<Atomic<UInt64>>

    init(count: Int) {
        self.count = count
        cells = .allocate(capacity: count)
        for index in 0..<count { (cells + index).initialize(to: Atomic(0)) }
    }

    deinit {
        cells.deinitialize(count: count)
        cells.deallocate()
    }

    /// Adds `amount` to cell `index`. Relaxed ordering: each count is exact, and a scrape needs no ordering between
    /// cells.
    @inline(__always)
    func add(_ amount: UInt64, at index: Int) {
        cells[index].wrappingAdd(amount, ordering: .relaxed)
    }

    /// The count in cell `index` now.
    func value(at index: Int) -> UInt64 {
        cells[index].load(ordering: .relaxed)
    }
}
