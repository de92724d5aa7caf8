import Foundation
import Testing

@testable import SiteBuilder

@Suite("Last changed and the edit link")
struct LastChangedTests {
    private static let templates = TestSite.contentOnlyTemplates.merging([
        "page.mustache": "{{page.last_changed}}|{{page.last_changed_display}}|{{page.edit_url}}",
        "section.mustache": "{{page.last_changed}}|{{page.edit_url}}",
    ]) { $1 }

    /// Runs git in the test site's folder, committing as of `date` when given.
    private static func git(_ arguments: [String], in folder: String, date: String? = nil) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
        if let date { (environment["GIT_AUTHOR_DATE"], environment["GIT_COMMITTER_DATE"]) = (date, date) }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    /// A site of `pages` whose folder is a git repository with one commit of them all, of 1 March 2024.
    private static func committedSite(
        _ pages: [String: String] = ["site.toml": "last_changed = \"git\"\n", "index.md": "", "setup.md": "One.\n"],
        function: String = #function
    ) throws -> (site: TestSite, folder: String) {
        let site = try TestSite(pages: pages, templates: Self.templates, function: function)
        let folder = site.root + "/site"
        try git(["init", "-q"], in: folder)
        try git(["add", "."], in: folder)
        try git(["commit", "-q", "-m", "first"], in: folder, date: "2024-03-01T12:00:00Z")
        return (site, folder)
    }

    private static var today: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: Date())
    }

    @Test("last_changed = \"git\": each page's last commit, from one log; an uncommitted page its file's time")
    func fromGit() throws {
        let (site, folder) = try Self.committedSite([
            "site.toml": "title = \"T\"\nlast_changed = \"git\"\n"
                + "edit_url = \"https://git.example.com/docs/edit/main/site/{path}\"\n",
            "index.md": "", "guide/setup.md": "", "guide/old page.md": "",
        ])
        try site.write(["guide/setup.md": "Changed.\n"], under: "site")
        try Self.git(["commit", "-q", "-am", "second"], in: folder, date: "2025-07-09T12:00:00Z")
        try site.write(["guide/new.md": ""], under: "site")
        let report = try site.build()
        #expect(report.warnings.isEmpty)
        #expect(
            site.output("guide/setup/index.html")
                == "2025-07-09|9 July 2025|https://git.example.com/docs/edit/main/site/guide/setup.md")
        #expect(
            site.output("guide/old page/index.html")
                == "2024-03-01|1 March 2024|https://git.example.com/docs/edit/main/site/guide/old%20page.md")
        #expect(site.output("guide/new/index.html")?.hasPrefix("\(Self.today)|") == true)
        #expect(site.output("guide/index.html") == "|", "an implicit section has no file")
    }

    @Test("A rebuild asks git only about the commits since the last build, and nothing when HEAD has not moved")
    func rebuildReadsOnlyNewCommits() throws {
        let (site, folder) = try Self.committedSite()
        try site.build { $0.siteFolder = folder }
        #expect(site.output("setup/index.html")?.hasPrefix("2024-03-01|") == true)

        // The kept dates are used as they are while HEAD stays: a date planted in them shows.
        let cacheFile = BuildCache(outputFolder: site.root + "/public").gitDatesFile
        let kept = try String(contentsOfFile: cacheFile, encoding: .utf8)
        #expect(kept.contains("2024-03-01\tindex.md\n"))
        try kept.replacingOccurrences(of: "2024-03-01\tindex.md", with: "2000-01-02\tindex.md")
            .write(toFile: cacheFile, atomically: true, encoding: .utf8)
        try site.write(["setup.md": "Two.\n"], under: "site")
        try site.build { $0.siteFolder = folder }
        #expect(site.output("index.html")?.hasPrefix("2000-01-02|") == true)

        // A new commit: only it is read, and merged into the kept dates.
        try Self.git(["commit", "-q", "-am", "second"], in: folder, date: "2025-07-09T12:00:00Z")
        try site.write(["index.md": "Changed.\n"], under: "site")
        try site.build { $0.siteFolder = folder }
        #expect(site.output("setup/index.html")?.hasPrefix("2025-07-09|") == true)
        #expect(site.output("index.html")?.hasPrefix("2000-01-02|") == true)

        // HEAD moved back to a commit that is not a descendant: the whole history is read again.
        try Self.git(["checkout", "-q", "--", "."], in: folder)
        try Self.git(["reset", "-q", "--hard", "HEAD~1"], in: folder)
        try site.build { $0.siteFolder = folder }
        #expect(site.output("setup/index.html")?.hasPrefix("2024-03-01|") == true)
        #expect(site.output("index.html")?.hasPrefix("2024-03-01|") == true)
    }

    @Test("Committing files already built changes their dates: a build with every file unchanged is not up to date")
    func aCommitOfSavedFilesIsSeen() throws {
        let (site, folder) = try Self.committedSite()
        try site.write(["setup.md": "Two.\n"], under: "site")
        try site.build { $0.siteFolder = folder }
        #expect(site.output("setup/index.html")?.hasPrefix("2024-03-01|") == true)

        try Self.git(["commit", "-q", "-am", "second"], in: folder, date: "2025-07-09T12:00:00Z")
        let report = try site.build { $0.siteFolder = folder }
        #expect(report.changedFiles == ["setup/index.html"], "HEAD moved: the page its commit touched shows it")
        #expect(site.output("setup/index.html")?.hasPrefix("2025-07-09|") == true)
        #expect(site.output("index.html")?.hasPrefix("2024-03-01|") == true)
        #expect(try site.build { $0.siteFolder = folder }.outputUnchanged, "nothing moved since")
    }

    @Test("Outside git, pages show their file's time and the build warns once")
    func outsideGit() throws {
        let site = try TestSite(
            pages: ["site.toml": "last_changed = \"git\"\n", "index.md": "", "a.md": "", "b.md": ""],
            templates: Self.templates)
        let report = try site.build { $0.siteFolder = site.root + "/site" }
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.description.contains("not in a git repository") == true)
        #expect(site.output("a/index.html") == "\(Self.today)|\(SiteDate(parsing: Self.today)!.display)|")
    }

    @Test("In a shallow clone, pages show their file's time and the build warns once, saying why")
    func shallowClone() throws {
        let (site, folder) = try Self.committedSite()
        try site.write(["setup.md": "Two.\n"], under: "site")
        try Self.git(["commit", "-q", "-am", "second"], in: folder, date: "2025-07-09T12:00:00Z")
        let clone = site.root + "/clone"
        try Self.git(["clone", "-q", "--depth", "1", "file://" + folder, clone], in: site.root)
        let report = try site.build { $0.siteFolder = clone }
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.description.contains("the clone is shallow") == true)
        #expect(site.output("setup/index.html")?.hasPrefix("\(Self.today)|") == true)
    }

    @Test("When git refuses the repository, the warning says what git said, not 'not in a git repository'")
    func gitsComplaint() throws {
        let (site, folder) = try Self.committedSite()
        let config = try String(contentsOfFile: folder + "/.git/config", encoding: .utf8)
        try (config + "[core\n").write(toFile: folder + "/.git/config", atomically: true, encoding: .utf8)
        let warnings = try site.build { $0.siteFolder = folder }.warnings.map(\.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("git refused to read the repository: bad config line") == true, "\(warnings)")
        #expect(warnings.first?.contains("not in a git repository") == false)
        #expect(site.output("setup/index.html")?.hasPrefix("\(Self.today)|") == true)
    }

    @Test(
        "A repository another user owns: the warning names git's safe.directory refusal and its command",
        .enabled(if: getuid() == 0, "only root can give the folder to another user"))
    func repositoryOfAnotherUser() throws {
        let (site, folder) = try Self.committedSite()
        #expect(chown(folder, 65534, 65534) == 0)
        let warnings = try site.build { $0.siteFolder = folder }.warnings.map(\.description)
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.contains("git refused to read the repository: detected dubious ownership"), "\(warning)")
        #expect(warning.contains("(to trust it: git config --global --add safe.directory \(folder))"), "\(warning)")
    }

    @Test("Without last_changed and edit_url, pages show neither; bad values are errors naming the key")
    func offAndErrors() throws {
        let site = try TestSite(pages: ["index.md": "", "a.md": ""], templates: Self.templates)
        try site.build()
        #expect(site.output("a/index.html") == "||")
        try site.write(
            ["site.toml": "last_changed = \"svn\"\nedit_url = \"https://x.example.com/edit\"\n"], under: "site")
        let errors = site.buildErrors()
        #expect(errors.count == 2)
        #expect(errors.first?.hasPrefix("site/site.toml:1: ") == true)
        #expect(errors.last?.contains("'edit_url' must be an http(s) address with {path}") == true)
    }

    @Test("The log is read newest first: a file's first mention is its last change")
    func parse() {
        let log = "\u{0}2025-07-09\n\nguide/setup.md\n\u{0}2024-03-01\n\nguide/setup.md\nindex.md\n"
        let dates = GitDates.parse(log)
        #expect(dates["guide/setup.md"]?.iso == "2025-07-09")
        #expect(dates["index.md"]?.iso == "2024-03-01")
    }
}
