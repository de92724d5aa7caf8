/// A token or key that is not well-formed JOSE; the description says which part and why.
struct JOSEError: Error, CustomStringConvertible, Sendable {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
