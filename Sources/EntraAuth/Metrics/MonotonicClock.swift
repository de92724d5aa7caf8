import Foundation

/// Nanoseconds on the clock that never jumps (`CLOCK_MONOTONIC`), for durations; a vDSO call, no system call.
enum MonotonicClock {
    @inline(__always)
    static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}
