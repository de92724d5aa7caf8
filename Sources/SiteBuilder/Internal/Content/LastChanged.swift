import Foundation

/// When each page's file last changed, for `last_changed` in `site.toml`: with `"git"`, the date of the
/// last commit that touched it, read for the whole site in one `git log` (newest first, so a file's first
/// mention is its last change); a file git does not know yet, and every file when the site is not in a
/// repository or the clone is shallow (its oldest commits would claim files they did not change), has
/// the date of its modification time. With `"file"`, always the modification time.
enum LastChanged {
    /// The dates of `paths` (relative to `siteFolder`), and why git could not be asked, if it could not.
    static func dates(paths: [String], siteFolder: String, fromGit: Bool) -> (
        dates: [String: SiteDate], warning: String?
    ) {
        var dates: [String: SiteDate] = [:]
        var warning: String?
        if fromGit {
            switch gitDates(siteFolder: siteFolder) {
            case .success(let found): dates = found
            case .failure(let reason): warning = reason.message
            }
        }
        for path in paths where dates[path] == nil {
            dates[path] = modificationDate(of: DisplayPaths.join(siteFolder, path))
        }
        return (dates, warning)
    }

    struct GitUnavailable: Error {
        let message: String
    }

    private static func gitDates(siteFolder: String) -> Result<[String: SiteDate], GitUnavailable> {
        let fallback = "pages show their file's modification time instead"
        guard let shallow = git(["rev-parse", "--is-shallow-repository"], in: siteFolder) else {
            return .failure(
                GitUnavailable(message: "last_changed = \"git\": the site is not in a git repository; \(fallback)"))
        }
        guard shallow.trimmingCharacters(in: .whitespacesAndNewlines) == "false" else {
            return .failure(
                GitUnavailable(
                    message: "last_changed = \"git\": the clone is shallow, so its history is cut short; \(fallback) "
                        + "(clone with the full history, e.g. fetch-depth: 0 in CI)"))
        }
        guard
            let log = git(
                ["-c", "core.quotePath=false", "log", "--format=%x00%cs", "--name-only", "--relative", "--", "."],
                in: siteFolder)
        else {
            return .failure(GitUnavailable(message: "last_changed = \"git\": git log failed; \(fallback)"))
        }
        return .success(parse(log))
    }

    /// Reads `git log --format=%x00%cs --name-only`: each commit is a NUL, its date, and the files it touched.
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

    /// What `git` printed, or nil when it could not be run or failed.
    private static func git(_ arguments: [String], in folder: String) -> String? {
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
        return String(decoding: data, as: UTF8.self)
    }

    private static func modificationDate(of path: String) -> SiteDate? {
        guard let date = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day else { return nil }
        return SiteDate(parsing: String(format: "%04d-%02d-%02d", year, month, day))
    }
}
