import Foundation

/// Session cookies already opened, by cookie value. A page load checks the same cookie for the page and every
/// stylesheet and image, and opening one means AES-GCM plus JSON decoding; the answer never changes for a given
/// value, so it is kept. Only cookies that opened are kept (forged ones cannot fill it), expiry is still checked on
/// every use, and the whole cache is dropped when it is full.
final class OpenedPointers: @unchecked Sendable {
    private let lock = NSLock()
    private var pointers: [String: SessionCookie.Pointer] = [:]
    private let capacity: Int

    init(capacity: Int = 4096) {
        self.capacity = capacity
    }

    func pointer(for value: Substring, opening open: () -> SessionCookie.Pointer?) -> SessionCookie.Pointer? {
        let key = String(value)
        if let known = lock.withLock({ pointers[key] }) { return known }
        guard let opened = open() else { return nil }
        lock.withLock {
            if pointers.count >= capacity { pointers.removeAll(keepingCapacity: true) }
            pointers[key] = opened
        }
        return opened
    }
}
