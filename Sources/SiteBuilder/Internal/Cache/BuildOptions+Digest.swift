extension BuildOptions {
    /// The digest of what, besides the site's files, decides what a build makes: the sitegen version,
    /// the built-in theme, the folders, the switches and the Pagefind binary the build would use. The
    /// output folder is not in it: each output folder has its own cache.
    var digest: String {
        let fields = [
            PageContext.generator, BuiltInTheme.digest, siteFolder, themeFolder, "\(includeDrafts)",
            "\(brokenLinksAreWarnings)", searchTool,
        ]
        return SHA256.hex(fields.map { "\($0.utf8.count):\($0)" }.joined())
    }

    /// The Pagefind binary a build would use, so that installing, replacing or removing it rebuilds the site.
    private var searchTool: String {
        guard buildsSearchIndex else { return "off" }
        let pagefind = self.pagefind.map(Pagefind.init(path:)) ?? Pagefind.onPath()
        return pagefind?.fingerprint ?? "none"
    }
}
