extension BuildOptions {
    /// The digest of what, besides the files, decides what a build makes: the sitegen version, the
    /// folders and the switches. The output folder is not in it: each output folder has its own cache.
    var digest: String {
        let fields = [
            PageContext.generator, siteFolder, templatesFolder, "\(includeDrafts)", "\(brokenLinksAreWarnings)",
        ]
        return SHA256.hex(fields.map { "\($0.utf8.count):\($0)" }.joined())
    }
}
