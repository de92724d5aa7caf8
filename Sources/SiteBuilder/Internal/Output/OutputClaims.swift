/// Which source owns each output file, so two sources for one URL are caught and both named.
struct OutputClaims {
    /// A source that writes an output file, named only when a message needs it: a build claims a path for every
    /// page, and almost never reports one.
    enum Owner: Sendable {
        /// Named as it is: `the sitemap`, a theme file's path.
        case named(String)
        /// A file of the site folder, by its path there.
        case siteFile(String)
        /// A folder of the site folder (a section without a page of its own), by its path there.
        case siteFolder(String)

        /// How messages name it: `site/guide/setup.md`, `the folder site/guide/`.
        func name(_ display: DisplayPaths) -> String {
            switch self {
            case .named(let name): name
            case .siteFile(let path): display.site(path)
            case .siteFolder(let path): "the folder \(display.site(path))/"
            }
        }
    }

    private var owners: [String: Owner] = [:]

    /// Records that `owner` writes `outputPath`; returns the problem naming both sources when another already does.
    mutating func claim(_ outputPath: String, by owner: Owner, url: String, display: DisplayPaths) -> Problem? {
        // Stored at once, and the earlier owner put back in the rare case there was one: every page of the site
        // is claimed in every build, and so it is hashed once, not looked up and then stored.
        if let earlier = owners.updateValue(owner, forKey: outputPath) {
            owners[outputPath] = earlier
            let (earlier, owner) = (earlier.name(display), owner.name(display))
            // Two files whose names are the same text in different Unicode code points (é as one character, or
            // e and an accent) look alike in the message; say what tells them apart.
            let message =
                earlier == owner
                ? "\(earlier) is there twice, its name spelled with different Unicode code points (é as one "
                    + "character in one, e and an accent in the other), and both map to \(url); delete or rename one"
                : "\(earlier) and \(owner) both map to \(url); rename or move one of them"
            return Problem(file: owner, message: message)
        }
        return nil
    }

    /// Whether a source writes `outputPath`.
    func isClaimed(_ outputPath: String) -> Bool {
        owners[outputPath] != nil
    }

    /// Makes room for `count` more claims at once, rather than growing as they come.
    mutating func reserve(_ count: Int) {
        owners.reserveCapacity(owners.count + count)
    }

    /// Every output path claimed so far.
    var outputPaths: Dictionary<String, Owner>.Keys {
        owners.keys
    }
}
