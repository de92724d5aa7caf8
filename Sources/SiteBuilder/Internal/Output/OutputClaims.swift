/// Which source owns each output file, so two sources for one URL are caught and both named.
struct OutputClaims {
    private var owners: [String: String] = [:]

    /// Records that `owner` (e.g. `site/guide/setup.md`) writes `outputPath`; returns the problem
    /// naming both sources when another already does.
    mutating func claim(_ outputPath: String, by owner: String, url: String) -> Problem? {
        if let earlier = owners[outputPath] {
            // Two files whose names are the same text in different Unicode code points (é as one character, or
            // e and an accent) look alike in the message; say what tells them apart.
            let message =
                earlier == owner
                ? "\(earlier) is there twice, its name spelled with different Unicode code points (é as one "
                    + "character in one, e and an accent in the other), and both map to \(url); delete or rename one"
                : "\(earlier) and \(owner) both map to \(url); rename or move one of them"
            return Problem(file: owner, message: message)
        }
        owners[outputPath] = owner
        return nil
    }

    /// Whether a source writes `outputPath`.
    func isClaimed(_ outputPath: String) -> Bool {
        owners[outputPath] != nil
    }

    /// Every output path claimed so far.
    var outputPaths: Set<String> {
        Set(owners.keys)
    }
}
