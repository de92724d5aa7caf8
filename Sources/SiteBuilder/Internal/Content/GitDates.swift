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
        let state: [Substring]
        switch git.run(["rev-parse", "--is-shallow-repository", "HEAD"]) {
        case .success(let output): state = output.split(separator: "\n")
        case .failure(let refusal):
            return .failure(Unavailable(message: "last_changed = \"git\": \(refusal.reason); \(fallback)"))
        }
        guard state.count == 2 else {
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
        if let saved, case .success = git.run(["merge-base", "--is-ancestor", saved.head, head]),
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
        guard case .success(let output) = git.run(["rev-parse", "--is-shallow-repository", "HEAD"]) else {
            return false
        }
        let state = output.split(separator: "\n")
        guard state.count == 2, state[0] == "false" else { return false }
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

    /// Why git did not answer: what it wrote to standard error, read as a reason.
    struct Refusal: Error {
        let complaint: String

        /// "not in a git repository" for what a folder outside git or without commits gives; else git's own
        /// words, such as its refusal of a repository another user owns, with the command it suggests.
        var reason: String {
            let lines = complaint.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let first = lines.first.map { $0.hasPrefix("fatal: ") ? String($0.dropFirst(7)) : $0 } ?? ""
            if first.isEmpty || first.hasPrefix("not a git repository") || first.contains("'HEAD'") {
                return "the site is not in a git repository with commits"
            }
            if first.contains("No such file or directory") { return "git is not installed (Debian: git)" }
            let command = lines.first { $0.hasPrefix("git config ") }.map { " (to trust it: \($0))" } ?? ""
            return "git refused to read the repository: \(first)\(command)"
        }
    }

    /// `git log` of `range` for the files below the folder, in the form `GitDates.parse` reads.
    func log(range: String) -> String? {
        try? run([
            "-c", "core.quotePath=false", "log", "--format=%x00%cs", "--name-only", "--relative", range, "--", ".",
        ])
        .get()
    }

    /// What git printed, without the final newline, or what it complained of when it failed.
    func run(_ arguments: [String]) -> Result<String, Refusal> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.isEmpty ? "." : folder] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .failure(Refusal(complaint: "\(error)"))
        }
        // git writes a line or two to standard error, never enough to fill its pipe while the output is read.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(Refusal(complaint: String(decoding: complaint, as: UTF8.self)))
        }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return .success(text)
    }
}
