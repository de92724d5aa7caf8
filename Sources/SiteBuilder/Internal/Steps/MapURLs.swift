import AccessRules

/// Leaves out drafts, adds a section page for every folder without one (described as its `_category_.json`
/// says), and claims each page's and alias's output file, so two sources for one URL are reported with both their
/// names. What links can point at (`LinkIndex`) is indexed meanwhile on another core, for "Render Markdown", which
/// starts with it: it needs the pages, not their claims.
struct MapURLs: BuildStep {
    let stage = BuildStage.mapURLs
    let pages: [ParsedPage]
    let includeDrafts: Bool
    let rootURL: String
    let claims: OutputClaims
    /// What each folder's `_category_.json` says of it, by the folder's path.
    let folderDescriptions: [String: String]
    /// What the link index is made of besides the pages.
    let links: LinkIndex.Inputs
    let display: DisplayPaths

    func run(_ log: BuildLog) -> SitePages {
        var drafts: Set<String> = []
        var draftPages: [ParsedPage] = []
        var kept: [ParsedPage] = []
        for page in pages {
            if page.frontMatter.isDraft && !includeDrafts {
                drafts.insert(page.source.path)
                draftPages.append(page)
            } else {
                kept.append(page)
            }
        }
        let sources = SiteContent.addingImplicitSections(to: kept.map(\.source))
        let implicit = sources.dropFirst(kept.count).map { source in
            let description = folderDescriptions[source.folder] ?? ""
            return ParsedPage(source: source, rootURL: rootURL, frontMatter: FrontMatter(description: description))
        }
        let published = implicit.isEmpty ? kept : kept + implicit
        let links = Background { [links, drafts] in LinkIndex(pages: published, drafts: drafts, inputs: links) }
        var claims = claims
        claims.reserve(published.count)
        let aliases = claimOutputs(of: published, in: &claims, log: log)
        return SitePages(
            pages: published, sources: sources, aliases: aliases, drafts: drafts, draftPages: draftPages,
            claims: claims, links: links)
    }

    /// The folders of the output that are sitegen's own, and what each holds.
    private static let reservedFolders = [
        AccessManifest.folder: "the access manifest", ".auth": "sitegen-auth's sign-in",
        String(SearchIndex.folder.dropLast()): "the search index",
    ]

    /// Why an alias's stub at `path` cannot be written, said before anything is: under one of `reservedFolders`, or
    /// below a file the site already writes (`/guide/chart.png/`).
    private static func reservedProblem(_ alias: String, path: String, claimed: OutputClaims) -> String? {
        let components = path.split(separator: "/")
        if let first = components.first.map(String.init), let holds = reservedFolders[first] {
            return "alias '\(alias)' is under /\(first)/, which sitegen keeps for \(holds); choose another old path"
        }
        for end in components.indices.dropLast() {
            let folder = components[...end].joined(separator: "/")
            guard claimed.isClaimed(folder) else { continue }
            return "alias '\(alias)' needs /\(folder)/ to be a folder, where the site publishes a file; choose another "
                + "old path"
        }
        return nil
    }

    /// Claims each page's file and each alias's, and returns the aliases that are paths inside the site.
    private func claimOutputs(of pages: [ParsedPage], in claims: inout OutputClaims, log: BuildLog) -> [SiteAlias] {
        var aliases: [SiteAlias] = []
        // Where each alias is written, so that a page claiming its path later is reported at the alias's line.
        var aliasLines: [String: (file: String, line: Int)] = [:]
        for (index, page) in pages.enumerated() {
            let owner: OutputClaims.Owner =
                page.source.kind == .implicitSection ? .siteFolder(page.source.folder) : .siteFile(page.source.path)
            if var problem = claims.claim(page.source.outputPath, by: owner, url: page.url, display: display) {
                if let alias = aliasLines[page.source.outputPath] {
                    (problem.file, problem.line) = (alias.file, alias.line)
                }
                log.report(problem)
            }
            guard !page.frontMatter.aliases.isEmpty else { continue }
            // A page may name one old path twice, in `aliases` and `redirect_from` or as `/old/` and
            // `/old/index.html`: it redirects once. An alias naming the page's own address, as Jekyll's
            // `permalink: /guide/` on guide/index.md does, is the page itself.
            var ownAliases: Set<String> = [page.source.outputPath]
            for alias in page.frontMatter.aliases {
                let file = display.site(page.source.path)
                guard let path = Aliases.outputPath(for: alias.value) else {
                    let message = "alias '\(alias.value)' must be a path inside the site, e.g. /old/setup/"
                    log.report(Problem(file: file, line: alias.line, message: message))
                    continue
                }
                guard ownAliases.insert(path).inserted else { continue }
                if let problem = Self.reservedProblem(alias.value, path: path, claimed: claims) {
                    log.report(Problem(file: file, line: alias.line, message: problem))
                    continue
                }
                aliases.append(SiteAlias(outputPath: path, page: index))
                aliasLines[path] = (file, alias.line)
                let owner = OutputClaims.Owner.named("the alias '\(alias.value)' in \(file)")
                let url = OutputPath.url(ofFile: path, root: rootURL)
                if var problem = claims.claim(path, by: owner, url: url, display: display) {
                    problem.file = file
                    problem.line = alias.line
                    log.report(problem)
                }
            }
        }
        return aliases
    }
}

/// The pages a build publishes, after drafts are left out and implicit sections added.
struct SitePages {
    let pages: [ParsedPage]
    /// The sources of `pages`, in order: what the stages that keep something of each page in a `BuildSession` find
    /// it again by (`ListAlignment`), read from one list rather than from every page.
    let sources: [PageSource]
    /// The aliases of `pages` that are paths inside the site, in the order of their pages.
    let aliases: [SiteAlias]
    /// Markdown files left out because they are drafts.
    let drafts: Set<String>
    /// The pages of `drafts`: the rules of those that are sections still cover their folders, and a page that
    /// includes one is held to the draft's rule (`IncludedAccess`).
    let draftPages: [ParsedPage]
    let claims: OutputClaims
    /// What links can point at, indexed while the outputs were claimed.
    let links: Background<LinkIndex>
}
