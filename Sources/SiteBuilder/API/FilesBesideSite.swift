extension SiteBuilder {
    /// The files outside the site folder that a build with `options` reads when they are there, whether they are
    /// yet or not: MkDocs's `mkdocs.yml` and `mkdocs.yaml`, and mdBook's `book.toml`, in the folder holding the site
    /// folder. The preview watches them with the site folder.
    public static func filesBesideSite(options: BuildOptions) -> [String] {
        MkDocsConfig.files(besideSiteFolder: options.siteFolder)
            + MdBookConfig.files(besideSiteFolder: options.siteFolder)
    }
}
