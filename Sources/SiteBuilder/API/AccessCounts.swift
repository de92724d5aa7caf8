/// How many pages each kind of access rule governs: `412 signed-in, 3 public, 27 restricted`.
public struct AccessCounts: Sendable, Equatable, CustomStringConvertible {
    /// Pages any signed-in reader may open.
    public internal(set) var signedIn = 0
    /// Pages anyone may open without signing in.
    public internal(set) var `public` = 0
    /// Pages only readers with a listed role, group, tenant, user or email may open.
    public internal(set) var restricted = 0

    /// Counts as the build summary prints them, e.g. `412 signed-in, 3 public, 27 restricted`.
    public var description: String {
        "\(signedIn) signed-in, \(`public`) public, \(restricted) restricted"
    }
}
