import Foundation

extension StringProtocol {
    /// Whether `needle`'s UTF-8 bytes occur in this text: `memchr` to each candidate first byte, then `memcmp`.
    /// For the guards every page passes ("does this page hold `!!!` at all?"): `contains(_:)` on strings goes
    /// through NSString's search (a UTF-16 copy of the page) or compares Characters one grapheme at a time, and
    /// those guards took about a fifth of rendering the Markdown of a page that uses none of what they look
    /// for. For an ASCII needle it finds exactly what those find.
    func containsBytes(_ needle: String) -> Bool {
        if needle.isEmpty { return true }
        if let found = utf8.withContiguousStorageIfAvailable({ UnsafeRawBufferPointer($0).containsBytes(needle) }) {
            return found
        }
        return Array(utf8).withUnsafeBytes { $0.containsBytes(needle) }
    }
}

extension UnsafeRawBufferPointer {
    /// Whether `needle`'s UTF-8 bytes occur in these bytes, as `StringProtocol.containsBytes` asks.
    func containsBytes(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { pattern in
            guard let start = baseAddress, let wanted = pattern.baseAddress, count >= pattern.count else {
                return pattern.isEmpty
            }
            let end = start + count
            var from = start
            while end - from >= pattern.count,
                let hit = memchr(from, Int32(wanted.pointee), end - from - pattern.count + 1)
            {
                let candidate = UnsafeRawPointer(hit)
                if memcmp(candidate, wanted, pattern.count) == 0 { return true }
                from = candidate + 1
            }
            return false
        }
    }
}

extension ContiguousBytes {
    /// Whether `other` holds the same bytes, compared as memory: `==` on arrays and slices goes element by element.
    func sameBytes(as other: some ContiguousBytes) -> Bool {
        withUnsafeBytes { first in
            other.withUnsafeBytes { second in
                guard first.count == second.count else { return false }
                guard let start = first.baseAddress, let otherStart = second.baseAddress else { return true }
                return memcmp(start, otherStart, first.count) == 0
            }
        }
    }
}
