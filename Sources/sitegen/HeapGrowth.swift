import CLinux

/// How the C heap grows during `sitegen build`, which allocates hundreds of thousands of small objects on
/// a large site and frees none of them before it exits. Measured on a one-page rebuild of 10,000 pages:
/// - the main heap grows in steps of 256 MiB rather than glibc's default of 128 KiB, so it is extended
///   once or twice instead of hundreds of times (4 % off); pages of a step never touched take no memory;
/// - the kernel is asked to back the first step with transparent huge pages (`madvise(MADV_HUGEPAGE)`,
///   taken where the system's setting is `madvise` or `always`), so fresh memory comes 2 MiB at a time:
///   half the page faults, about 6 % off on a virtual machine, where each fault costs most;
/// - blocks of any size come from that heap (no `mmap` of their own for the large buffers the cache files
///   are read into), and the heap is never given back before the process exits.
///
/// Threads other than the main one allocate from arenas of their own, which this leaves as they are: one
/// arena for all threads was slower, for the lock they share.
enum HeapGrowth {
    private static let step = 256 << 20
    private static let hugePage = UInt(2 << 20)

    static func useLargeSteps() {
        _ = mallopt(M_MMAP_THRESHOLD, Int32(step))
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
        _ = mallopt(M_TOP_PAD, Int32(step))
        // One allocation larger than what is left at the heap's top makes malloc extend it by a whole step.
        guard let block = malloc(512 << 10) else { return }
        let start = (UInt(bitPattern: block) + hugePage - 1) & ~(hugePage - 1)
        free(block)
        let end = UInt(bitPattern: sbrk(0))
        guard end > start, let first = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(first, Int(end - start), MADV_HUGEPAGE)
    }
}
