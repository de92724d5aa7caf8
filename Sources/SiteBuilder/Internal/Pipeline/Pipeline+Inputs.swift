/// What the pipeline hands stages that it gathers from what earlier stages made.
extension Pipeline {
    /// What the link index is made of besides the pages and drafts.
    func linkInputs(_ content: SiteFiles, config: SiteConfig) -> LinkIndex.Inputs {
        LinkIndex.Inputs(
            assets: content.assets.map(\.outputPath), secondSectionFiles: content.secondSectionFiles,
            rootURL: config.rootURL,
            repository: SiteRepository(siteFolder: display.siteFolder, editURL: config.editURL),
            hasBookSummary: content.bookSummary != nil)
    }

    /// The files each page includes, by index into `pages`, for the pages that include any.
    static func included(_ pages: [Page]) -> [Int: [String]] {
        var included: [Int: [String]] = [:]
        for (index, page) in pages.enumerated() where !page.markdown.includes.isEmpty {
            included[index] = page.markdown.includes.compactMap { $0.value == IncludedFiles.absent ? nil : $0.key }
        }
        return included
    }
}
