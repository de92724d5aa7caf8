public import Foundation

/// The current time; a protocol so tests can move the clock.
public protocol TimeSource: Sendable {
    /// Now.
    func now() -> Date
}

/// The system clock.
public struct SystemTime: TimeSource {
    /// Creates the system clock.
    public init() {}

    /// Now, from the system clock.
    public func now() -> Date { Date() }
}
