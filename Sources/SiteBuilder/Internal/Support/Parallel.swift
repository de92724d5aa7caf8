import Dispatch
import Foundation

/// Runs `transform` on every element on all cores and returns the results in input order.
///
/// `onProgress` is called from worker threads with the number of finished items, at most
/// about a hundred times per call, so a terminal can show `Rendering 812/4000`; one call at a time, in order, so
/// the last is the total.
func concurrentMap<Element: Sendable, Result: Sendable>(
    _ items: [Element],
    onProgress: (@Sendable (Int) -> Void)? = nil,
    _ transform: @Sendable (Element) -> Result
) -> [Result] {
    let results = ResultSlots<Result>(count: items.count)
    let counter = ProgressCounter(total: items.count, onProgress: onProgress)
    items.withUnsafeBufferPointer { buffer in
        let input = UnsafeSendableBuffer(buffer: buffer)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.store(transform(input.buffer[index]), at: index)
            counter.increment()
        }
    }
    return results.collect()
}

/// Each worker writes only its own index, so the slots need no lock.
private final class ResultSlots<Result>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        slots[index] = result
    }

    func collect() -> [Result] {
        slots.map { $0! }
    }
}

/// The input buffer is only read while `concurrentPerform` runs inside `withUnsafeBufferPointer`.
private struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Element>
}

private final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let step: Int
    private let onProgress: (@Sendable (Int) -> Void)?

    init(total: Int, onProgress: (@Sendable (Int) -> Void)?) {
        self.total = total
        self.step = max(1, total / 100)
        self.onProgress = onProgress
    }

    /// Counts an item; reports under the lock, since a worker that reported after another finished later would
    /// leave an earlier count last (`3/4` once all four were done).
    func increment() {
        guard let onProgress else { return }
        lock.withLock {
            done += 1
            if done % step == 0 || done == total { onProgress(done) }
        }
    }
}
