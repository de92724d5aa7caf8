import Foundation

/// The date of the last commit that touched each file of a site, read from git and kept beside the build
/// cache with the commit they were read at. A rebuild asks git only about what changed since: nothing
/// when `HEAD` has not moved, `git log OLD..HEAD` when it moved forward, the whole history otherwise
/// (a first build, a rebase, a reset to another branch).
struct GitDates {
    /// The commit the dates were read at.
    let head: String
    /// Each file's last change, by path relative to the site folder.
    let dates: [String: SiteDate]

    /// Why git could not be asked.
    struct Unavailable: Error {
        let message: String
    }

    /// The dates at the site folder's current `HEAD`, from `cacheFile` as far as it still holds; the
    /// result is saved there for the next build (a file that cannot be written only costs that build time).
    static func read(siteFolder: String, cacheFile: String?) -> Result<[String: SiteDate], Unavailable> {
        let fallback = "pages show their file's modification time instead"
        let git = Git(folder: siteFolder)
        guard let state = git.run(["rev-parse", "--is-shallow-repository", "HEAD"])?.split(separator: "\n"),
            state.count == 2
        else {
            return .failure(
                Unavailable(
                    message: "last_changed = \"git\": the site is not in a git repository with commits; \(fallback)"))
        }
        guard state[0] == "false" else {
            return .failure(
                Unavailable(
                    message: "last_changed = \"git\": the clone is shallow, so its history is cut short; \(fallback) "
                        + "(clone with the full history, e.g. fetch-depth: 0 in CI)"))
        }
        let head = String(state[1])
        let saved = cacheFile.flatMap(load)
        if let saved, saved.head == head { return .success(saved.dates) }
        var dates: [String: SiteDate] = [:]
        if let saved, git.run(["merge-base", "--is-ancestor", saved.head, head]) != nil,
            let log = git.log(range: "\(saved.head)..\(head)")
        {
            dates = saved.dates.merging(parse(log)) { _, newer in newer }
        } else if let log = git.log(range: head) {
            dates = parse(log)
        } else {
            return .failure(Unavailable(message: "last_changed = \"git\": git log failed; \(fallback)"))
        }
        if let cacheFile { save(GitDates(head: head, dates: dates), to: cacheFile) }
        return .success(dates)
    }

    /// Whether the site folder's `HEAD` is not the commit the dates in `cacheFile` were read at, so a build
    /// whose files are all unchanged may still show other dates (a commit of files already saved). False
    /// where git gives no dates to change: outside a repository and in a shallow clone.
    static func headMoved(siteFolder: String, cacheFile: String) -> Bool {
        let git = Git(folder: siteFolder)
        guard let state = git.run(["rev-parse", "--is-shallow-repository", "HEAD"])?.split(separator: "\n"),
            state.count == 2, state[0] == "false"
        else { return false }
        return load(cacheFile)?.head != String(state[1])
    }

    /// Reads `git log --format=%x00%cs --name-only`: each commit is a NUL, its date, and the files it touched,
    /// newest first, so a file's first mention is its last change.
    static func parse(_ log: String) -> [String: SiteDate] {
        var dates: [String: SiteDate] = [:]
        for commit in log.split(separator: "\0") {
            var lines = commit.split(separator: "\n", omittingEmptySubsequences: true)
            guard !lines.isEmpty, let date = SiteDate(parsing: String(lines.removeFirst())) else { continue }
            for file in lines where dates[String(file)] == nil {
                dates[String(file)] = date
            }
        }
        return dates
    }

    /// The cache file: the commit on the first line, then `YYYY-MM-DD<TAB>path` per file.
    private static func load(_ file: String) -> GitDates? {
        guard let bytes = FileBytes.read(file) else { return nil }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard let head = lines.first, !head.isEmpty else { return nil }
        var dates: [String: SiteDate] = [:]
        for line in lines.dropFirst() {
            guard let tab = line.firstIndex(of: "\t"), let date = SiteDate(parsing: String(line[..<tab])) else {
                return nil
            }
            dates[String(line[line.index(after: tab)...])] = date
        }
        return GitDates(head: String(head), dates: dates)
    }

    private static func save(_ dates: GitDates, to file: String) {
        let lines = dates.dates.sorted { $0.key < $1.key }.map { "\($0.value.iso)\t\($0.key)" }
        let text = ([dates.head] + lines).joined(separator: "\n") + "\n"
        let url = URL(fileURLWithPath: file)
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: url, options: .atomic)
    }
}

/// `git -C FOLDER …`, its output read whole.
private struct Git {
    let folder: String

    /// `git log` of `range` for the files below the folder, in the form `GitDates.parse` reads.
    func log(range: String) -> String? {
        run(["-c", "core.quotePath=false", "log", "--format=%x00%cs", "--name-only", "--relative", range, "--", "."])
    }

    /// What git printed, without the final newline; nil when it could not be run or failed.
    func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.isEmpty ? "." : folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
