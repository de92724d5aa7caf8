/// Why an audit question cannot be answered: a file that cannot be read, a line that is not an audit line, or an
/// option that cannot be understood. The message names the file and line, or the option.
public struct AuditError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The readable reason.
    public let description: String

    /// An error with a readable message.
    public init(_ description: String) { self.description = description }
}
