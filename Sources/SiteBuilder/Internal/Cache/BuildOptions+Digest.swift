extension BuildOptions {
    /// The digest of what, besides the site's files, decides what a build makes: the sitegen version,
    /// the built-in theme, the folders and the switches. The
    /// output folder is not in it: each output folder has its own cache.
    var digest: String {
        let fields = [
            BuildCache.generator, BuiltInTheme.digest, siteFolder, themeFolder, "\(includeDrafts)",
            "\(brokenLinksAreWarnings)", "\(buildsSearchIndex)",
        ]
        return SHA256.hex(fields.map { "\($0.utf8.count):\($0)" }.joined())
    }
}
