import Dispatch
import Foundation
import Synchronization

/// Runs `transform` on every element on all cores and returns the results in input order.
///
/// Each worker takes the next run of up to 32 neighbouring items until none is left. One item at a time, as
/// `concurrentPerform` hands them out, the workers took turns at neighbouring result slots (one cache line for
/// both cores) and paid a dispatch for each item: on a site of 20,000 pages, where most stages spend a few
/// microseconds on a page, that was a good part of their time. Runs stay short, so a few slow items (a section
/// page listing a thousand cards) still leave the cores evenly loaded.
///
/// `onProgress` is called from worker threads with the number of finished items, at most
/// about a hundred times per call, so a terminal can show `Rendering 812/4000`; one call at a time, in order, so
/// the last is the total.
func concurrentMap<Element: Sendable, Result: Sendable>(
    _ items: [Element],
    onProgress: (@Sendable (Int) -> Void)? = nil,
    _ transform: @Sendable (Element) -> Result
) -> [Result] {
    let count = items.count
    let results = ResultSlots<Result>(count: count)
    let counter = ProgressCounter(total: count, onProgress: onProgress)
    let workers = min(count, ProcessInfo.processInfo.activeProcessorCount)
    let run = max(1, min(32, count / (16 * max(1, workers))))
    let next = Atomic<Int>(0)
    items.withUnsafeBufferPointer { buffer in
        let input = UnsafeSendableBuffer(buffer: buffer)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let start = next.add(run, ordering: .relaxed).oldValue
                guard start < count else { return }
                let end = min(start + run, count)
                for index in start..<end { results.store(transform(input.buffer[index]), at: index) }
                counter.add(end - start)
            }
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

    /// The results, moved out of the slots rather than copied: a copy would hold each result once more and the
    /// slots' release let it go again, a write to every result's object. The slots are left empty.
    func collect() -> [Result] {
        let results = [Result](unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            for index in slots.indices {
                guard let result = (slots.baseAddress! + index).move() else { preconditionFailure("every slot is set") }
                (buffer.baseAddress! + index).initialize(to: result)
            }
            initialized = slots.count
        }
        slots.initialize(repeating: nil)
        return results
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

    /// Counts `finished` more items; reports under the lock, since a worker that reported after another finished
    /// later would leave an earlier count last (`3/4` once all four were done).
    func add(_ finished: Int) {
        guard let onProgress else { return }
        lock.withLock {
            let before = done
            done += finished
            if done / step > before / step || done == total { onProgress(done) }
        }
    }
}
