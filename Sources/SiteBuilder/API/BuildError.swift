/// One problem found by a build: the stage that found it, the file and line it is about, and what to do.
///
/// Printed as `site/guide/setup.md:4: front matter: 'weight' must be a number`.
public struct BuildError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The stage that found the problem.
    public let stage: BuildStage
    /// The file the problem is in, as the user named it (e.g. `site/guide/setup.md`), if any.
    public let file: String?
    /// The 1-based line in `file`, if known.
    public let line: Int?
    /// A sentence saying what is wrong and what to do.
    public let message: String

    /// A problem found by `stage` in `file` at `line`.
    public init(stage: BuildStage, file: String?, line: Int? = nil, message: String) {
        self.stage = stage
        self.file = file
        self.line = line
        self.message = message
    }

    public var description: String {
        var location = ""
        if let file {
            location = line.map { "\(file):\($0): " } ?? "\(file): "
        }
        return "\(location)\(stage.topic): \(message)"
    }
}

/// A build that stopped with errors: every problem found, in the order found. Nothing was published, unless
/// the output folder refused a rename or removal while "Publish" changed it in place (`partlyPublished`).
public struct BuildFailure: Error, Sendable, CustomStringConvertible {
    /// Every error of the build, not only the first.
    public let errors: [BuildError]
    /// Problems that did not stop the build (e.g. broken links with `brokenLinksAreWarnings`).
    public let warnings: [BuildError]

    /// Whether the output may hold some of the new site: "Publish" failed part way, in place.
    public var partlyPublished: Bool { errors.contains { $0.stage == .publish } }

    /// The closing line: how many errors, and what became of the output.
    public var outcome: String {
        let noun = errors.count == 1 ? "error" : "errors"
        return partlyPublished
            ? "Build failed with \(errors.count) \(noun) while publishing; some files may already be new, under the "
                + "stricter of their old and new access rules: fix it and build again to finish publishing."
            : "Build failed with \(errors.count) \(noun); nothing was published."
    }

    public var description: String {
        errors.map(\.description).joined(separator: "\n") + "\n" + outcome
    }
}
