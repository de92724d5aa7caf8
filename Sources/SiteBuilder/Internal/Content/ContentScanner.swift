import Foundation

/// Lists the site folder: every `*.md` and `*.markdown` is a page, every other file an asset; hidden files and
/// folders (`.git`, `.DS_Store`) are skipped, and so is `site.toml`, which is configuration, and in a Jekyll
/// source what is Jekyll's (`JekyllSource`).
/// Reads directories directly and stamps each file through its directory, and the top-level folders on all cores:
/// this runs over every file on every build. A symbolic link is followed when it leads out of the site folder (a
/// folder several sites share), and what it names is published where the link is, under that place's rule; one that
/// leads to somewhere in the site folder is not followed but listed (`linksWithin`), since what it names would be
/// published twice, under the rules of both places; nor is one into what builds write (`buildFolders`: the output
/// folder and the build cache), where every page's text lies whatever its rule (`linksIntoBuilds`).
struct ContentScanner {
    let siteFolder: String
    /// The real paths of the output folder and the build cache, and how a message names each.
    var buildFolders: [(real: String, name: String)] = []

    /// Lists the site folder, taking from `kept` (the last scan's) every folder that `changes` leaves alone; returns
    /// what to keep for the next scan too.
    func scan(reusing kept: Kept?, changes: ChangedPaths) throws(Failure) -> (listing: Listing, kept: Kept) {
        var memory = Memory(kept: kept, changes: changes)
        let listing = try scan(&memory)
        return (listing, memory.next)
    }

    func scan() throws(Failure) -> Listing {
        var memory = Memory(kept: nil, changes: ChangedPaths(nil))
        return try scan(&memory)
    }

    /// A scan's view of the last one: what it may take from it, and what it keeps for the next.
    private struct Memory {
        let kept: Kept?
        let changes: ChangedPaths
        var next = Kept()

        /// The entries `folder` had in the last scan, when no change may have touched them.
        func entries(of folder: String) -> [Entry]? {
            guard let kept, !changes.mayHaveChanged(folder: folder) else { return nil }
            return kept.folders[folder]
        }

        /// The last scan's listing of the top-level folder `name`, when no change may have touched anything in it.
        func listing(ofTop name: String) -> Listing? {
            guard let kept, !changes.touch(top: name) else { return nil }
            return kept.top[name]
        }
    }

    private func scan(_ memory: inout Memory) throws(Failure) -> Listing {
        let root: OpenDirectory
        do {
            root = try OpenDirectory(path: siteFolder.isEmpty ? "." : siteFolder)
        } catch {
            throw Failure(folder: "", error)
        }
        let realRoot = DisplayPaths.canonical(siteFolder)
        var withinLinks: [(link: String, target: String)] = []
        var intoBuilds: [(link: String, folder: String)] = []
        let rootEntries: [Entry]
        if let kept = memory.entries(of: "") {
            rootEntries = kept
        } else {
            rootEntries = try entries(of: root, folder: "", reusing: memory)
        }
        memory.next.folders[""] = rootEntries
        var top = rootEntries.filter { entry in
            guard entry.isLink else { return true }
            switch target(ofLink: entry.name, root: realRoot) {
            case .elsewhere: return true
            case .site(let target): withinLinks.append((entry.name, target))
            case .build(let folder): intoBuilds.append((entry.name, folder))
            }
            return false
        }
        let isJekyllSource = JekyllSource.isSource(files: top.lazy.filter { !$0.isFolder }.map(\.name))
        if isJekyllSource {
            top.removeAll { JekyllSource.isJekylls($0.name) }
        }
        let folders = top.filter(\.isFolder)
        let before = memory
        let below = concurrentMap(folders) { entry -> Result<(Listing, Kept), Failure> in
            if !entry.isLink, let listing = before.listing(ofTop: entry.name) {
                return .success((listing, Kept(top: [entry.name: listing], folders: before.kept?.folders ?? [:])))
            }
            var walked = Walked(memory: before)
            do throws(Failure) {
                try walk(entry.name, keeps: !entry.isLink, root: realRoot, into: &walked)
            } catch {
                return .failure(error)
            }
            if !entry.isLink { walked.kept.top[entry.name] = walked.listing }
            return .success((walked.listing, walked.kept))
        }
        var listings: [String: Listing] = [:]
        for (entry, result) in zip(folders, below) {
            let (listing, kept): (Listing, Kept)
            switch result {
            case .success(let walked): (listing, kept) = walked
            case .failure(let failure): throw failure
            }
            listings[entry.name] = listing
            memory.next.top.merge(kept.top) { first, _ in first }
            keepFolders(below: entry.name, from: kept.folders, into: &memory.next)
        }
        var listing = Listing(isJekyllSource: isJekyllSource, linksWithin: withinLinks, linksIntoBuilds: intoBuilds)
        let markdownCount = listings.values.reduce(top.count) { $0 + $1.markdownFiles.count }
        listing.markdownFiles.reserveCapacity(markdownCount)
        listing.markdownStamps.reserveCapacity(markdownCount)
        for entry in top {
            guard let folder = listings[entry.name] else {
                add(entry, to: &listing)
                listing.topFiles.insert(entry.name)
                continue
            }
            listing.markdownFiles += folder.markdownFiles
            listing.markdownStamps += folder.markdownStamps
            listing.assetFiles += folder.assetFiles
            listing.linksWithin += folder.linksWithin
            listing.linksIntoBuilds += folder.linksIntoBuilds
        }
        return listing
    }

    /// Where a symbolic link leads.
    private enum LinkTarget {
        /// Into the site folder, at this path relative to it.
        case site(String)
        /// Into the output folder or the build cache, named so.
        case build(String)
        /// Anywhere else: it is followed.
        case elsewhere
    }

    /// Where the symbolic link `link` (relative to the site folder, whose real path is `root`) leads.
    private func target(ofLink link: String, root: String) -> LinkTarget {
        let real = DisplayPaths.canonical(DisplayPaths.join(siteFolder, link))
        if let folder = buildFolders.first(where: { DisplayPaths.relative(real, inside: $0.real) != nil }) {
            return .build(folder.name)
        }
        return DisplayPaths.relative(real, inside: root).map(LinkTarget.site) ?? .elsewhere
    }

    /// The folders at and below the top-level folder `name` among `folders`, into `next`.
    private func keepFolders(below name: String, from folders: [String: [Entry]], into next: inout Kept) {
        var pending = [name]
        while let folder = pending.popLast() {
            guard let entries = folders[folder] else { continue }
            next.folders[folder] = entries
            for entry in entries where entry.isFolder { pending.append(entry.path) }
        }
    }

    /// The visible entries of `directory`, the site folder's `folder`, sorted by name. With `memory`, a file the last
    /// scan listed here that no change names keeps the entry it had, stamp and path: adding a page to a folder of a
    /// thousand asks the file system of one file, not of all of them. Symbolic links are always looked at again.
    private func entries(
        of directory: borrowing OpenDirectory, folder: String, reusing memory: Memory? = nil
    ) throws(Failure) -> [Entry] {
        // Sorted by name, as this returns them; `changed` is nil when anything in the folder may have changed.
        let (last, changed) = (memory?.kept?.folders[folder] ?? [], memory?.changes.changedNames(in: folder))
        var found: [(name: String, kind: OpenDirectory.Kind)] = []
        do {
            try directory.forEachEntry { name, kind in
                if !name.hasPrefix(".") { found.append((name, kind)) }
            }
        } catch {
            throw Failure(folder: folder, error)
        }
        found.sort { $0.name < $1.name }
        var entries: [Entry] = []
        entries.reserveCapacity(found.count)
        var position = last.startIndex
        for (name, kind) in found {
            while position < last.endIndex, last[position].name < name { position += 1 }
            if let changed, position < last.endIndex, last[position].name == name, !last[position].isLink,
                last[position].isFolder == (kind == .folder),
                kind == .folder || kind == .file && !changed.contains(name)
            {
                entries.append(last[position])
                continue
            }
            let path = SitePath.join(folder, name)
            guard kind != .folder else {
                entries.append(Entry(name: name, path: path, stamp: nil))
                continue
            }
            guard let status = directory.status(of: name, followingLinks: true) else { continue }
            // The record says "link" as "other"; a file system that says nothing is asked (a rare second stat).
            let isLink =
                kind != .file && status.kind != .other
                && directory.status(of: name, followingLinks: false)?.kind == .other
            entries.append(
                Entry(name: name, path: path, stamp: status.kind == .folder ? nil : status.stamp, isLink: isLink))
        }
        return entries
    }

    /// Lists `folder` and its folders in turn; `root` is the site folder's real path. A folder the last scan listed
    /// and no change touched is taken from it without being opened (`keeps`; never below a symbolic link).
    private func walk(_ folder: String, keeps: Bool, root: String, into walked: inout Walked) throws(Failure) {
        guard keeps, let kept = walked.memory.entries(of: folder) else {
            let directory: OpenDirectory
            do {
                directory = try OpenDirectory(path: DisplayPaths.join(siteFolder, folder))
            } catch {
                throw Failure(folder: folder, error)
            }
            return try walk(folder, directory, keeps: keeps, root: root, into: &walked)
        }
        walked.kept.folders[folder] = kept
        for (path, keepsBelow) in visit(kept, keeps: true, root: root, into: &walked) {
            try walk(path, keeps: keepsBelow, root: root, into: &walked)
        }
    }

    /// Lists `directory`, the site folder's `folder`, and its folders in turn, opening each relative to it.
    private func walk(
        _ folder: String, _ directory: borrowing OpenDirectory, keeps: Bool, root: String, into walked: inout Walked
    ) throws(Failure) {
        let found = try entries(of: directory, folder: folder, reusing: keeps ? walked.memory : nil)
        if keeps { walked.kept.folders[folder] = found }
        for (path, keepsBelow) in visit(found, keeps: keeps, root: root, into: &walked) {
            if keepsBelow, walked.memory.entries(of: path) != nil {
                try walk(path, keeps: true, root: root, into: &walked)
                continue
            }
            let subfolder: OpenDirectory
            do {
                subfolder = try OpenDirectory(SitePath.lastComponent(of: path), in: directory, followingLinks: true)
            } catch {
                throw Failure(folder: path, error)
            }
            try walk(path, subfolder, keeps: keepsBelow, root: root, into: &walked)
        }
    }

    /// Adds the files among `entries` (a folder's) to the listing and notes the symbolic links that are not
    /// followed; returns the folders to walk, each with whether what is below it is kept.
    private func visit(
        _ entries: [Entry], keeps: Bool, root: String, into walked: inout Walked
    ) -> [(path: String, keeps: Bool)] {
        var folders: [(path: String, keeps: Bool)] = []
        for entry in entries {
            let path = entry.path
            if entry.isLink {
                switch target(ofLink: path, root: root) {
                case .elsewhere: break
                case .site(let target):
                    walked.listing.linksWithin.append((path, target))
                    continue
                case .build(let folder):
                    walked.listing.linksIntoBuilds.append((path, folder))
                    continue
                }
            }
            if entry.isFolder {
                folders.append((path, keeps && !entry.isLink))
            } else {
                add(entry, to: &walked.listing)
            }
        }
        return folders
    }

    /// A top-level folder's walk: its listing and the entries of its folders for the next scan.
    private struct Walked {
        let memory: Memory
        var listing = Listing()
        var kept = Kept()
    }

    private func add(_ file: Entry, to listing: inout Listing) {
        let relative = file.path
        if MarkdownFileName.isMarkdown(file.name) {
            listing.markdownFiles.append(relative)
            listing.markdownStamps.append(file.stamp)
        } else if relative != "site.toml" {
            listing.assetFiles.append(relative)
        }
    }
}
