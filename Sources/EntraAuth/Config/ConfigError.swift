/// A configuration problem, worded so an administrator knows which key to fix and how.
public struct ConfigError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The readable message, naming the key or variable.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
