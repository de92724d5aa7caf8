/// A link or image destination as written, e.g. `../guide/setup.md#proxy`.
struct LinkReference: Sendable {
    let destination: String
    /// Line within the Markdown body.
    let line: Int
}
