import Foundation
import Testing

@testable import SitePreview

@Suite("Watching for changes")
struct WatcherTests {
    private static func folder(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("sitegen-watch-\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: path + "/site/guide", withIntermediateDirectories: true)
        try Data("a".utf8).write(to: URL(fileURLWithPath: path + "/site/guide/a.md"))
        return path
    }

    /// Waits for `watcher` to report a change whose path ends with `suffix`.
    private static func sees(_ watcher: any FileWatcher, _ suffix: String) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 5)
        while Date() < deadline {
            if watcher.changes(waitingAtMost: 0.5).contains(where: { $0.hasSuffix(suffix) }) { return true }
        }
        return false
    }

    @Test(
        "inotify and polling both see edits, new files in new folders, deletions; hidden files are left out",
        arguments: [false, true])
    func changes(polling: Bool) throws {
        let root = try Self.folder(polling ? "polling" : "inotify")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, note) = FileWatchers.watching([root + "/site", root + "/templates"], polling: polling)
        #expect(note == nil)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: root + "/site/guide/a.md"))
        #expect(Self.sees(watcher, "guide/a.md"))
        try FileManager.default.createDirectory(atPath: root + "/site/new", withIntermediateDirectories: true)
        _ = watcher.changes(waitingAtMost: 0.6)
        try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/site/new/b.md"))
        #expect(Self.sees(watcher, "new/b.md"))
        try FileManager.default.removeItem(atPath: root + "/site/guide/a.md")
        #expect(Self.sees(watcher, "guide/a.md"))
        try Data("swap".utf8).write(to: URL(fileURLWithPath: root + "/site/.a.md.swp"))
        #expect(watcher.changes(waitingAtMost: 0.6).isEmpty)
        try FileManager.default.createDirectory(atPath: root + "/templates/partials", withIntermediateDirectories: true)
        _ = watcher.changes(waitingAtMost: 0.6)
        try Data("t".utf8).write(to: URL(fileURLWithPath: root + "/templates/partials/footer.mustache"))
        #expect(Self.sees(watcher, "partials/footer.mustache"), "a templates folder made after the watch began")
    }

    @Test(
        "A single file beside the folders is seen when made, edited and deleted; its neighbours are not",
        arguments: [false, true])
    func singleFiles(polling: Bool) throws {
        let root = try Self.folder(polling ? "file-polling" : "file-inotify")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, _) = FileWatchers.watching(
            [root + "/site"], files: [root + "/mkdocs.yml", root + "/gone/mkdocs.yml"], polling: polling)
        try Data("site_name: A".utf8).write(to: URL(fileURLWithPath: root + "/mkdocs.yml"))
        #expect(Self.sees(watcher, "/mkdocs.yml"), "made")
        try Data("site_name: B".utf8).write(to: URL(fileURLWithPath: root + "/mkdocs.yml"))
        #expect(Self.sees(watcher, "/mkdocs.yml"), "edited")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/README.md"))
        #expect(watcher.changes(waitingAtMost: 0.6).isEmpty, "another file in its folder")
        try FileManager.default.removeItem(atPath: root + "/mkdocs.yml")
        #expect(Self.sees(watcher, "/mkdocs.yml"), "deleted")
        try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/site/guide/b.md"))
        #expect(Self.sees(watcher, "guide/b.md"), "the folders are still watched")
    }

    @Test(
        "A folder not there yet is waited for through the folder above it, whose other entries are no change",
        arguments: [false, true])
    func missingFolder(polling: Bool) throws {
        let root = try Self.folder(polling ? "missing-polling" : "missing-inotify")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, _) = FileWatchers.watching(
            [root + "/site", root + "/templates", root + "/themes/dark"], files: [root + "/mkdocs.yml"],
            polling: polling)
        // A preview's log written beside the site folder: reported, each line would rebuild and log again.
        try Data("Rebuilt".utf8).write(to: URL(fileURLWithPath: root + "/serve.log"))
        try FileManager.default.createDirectory(atPath: root + "/other", withIntermediateDirectories: true)
        #expect(watcher.changes(waitingAtMost: 0.6).isEmpty, "a file and a folder beside the site folder")
        try FileManager.default.createDirectory(atPath: root + "/themes", withIntermediateDirectories: true)
        _ = watcher.changes(waitingAtMost: 0.6)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/themes/notes.txt"))
        #expect(watcher.changes(waitingAtMost: 0.6).isEmpty, "a file on the way to a folder not there yet")
        try FileManager.default.createDirectory(atPath: root + "/themes/dark", withIntermediateDirectories: true)
        _ = watcher.changes(waitingAtMost: 0.6)
        try Data("t".utf8).write(to: URL(fileURLWithPath: root + "/themes/dark/footer.mustache"))
        #expect(Self.sees(watcher, "dark/footer.mustache"), "the folder once made")
        try FileManager.default.createDirectory(atPath: root + "/templates", withIntermediateDirectories: true)
        _ = watcher.changes(waitingAtMost: 0.6)
        try Data("t".utf8).write(to: URL(fileURLWithPath: root + "/templates/page.mustache"))
        #expect(Self.sees(watcher, "templates/page.mustache"))
        try Data("site_name: A".utf8).write(to: URL(fileURLWithPath: root + "/mkdocs.yml"))
        #expect(Self.sees(watcher, "/mkdocs.yml"), "a single file in the same folder")
    }

    @Test("A single file in a watched folder is seen once, with the folder's other files")
    func singleFileInWatchedFolder() throws {
        let root = try Self.folder("file-in-folder")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (watcher, _) = FileWatchers.watching([root + "/site"], files: [root + "/site/SUMMARY.md"], polling: false)
        try Data("- [A](guide/a.md)".utf8).write(to: URL(fileURLWithPath: root + "/site/SUMMARY.md"))
        #expect(Self.sees(watcher, "site/SUMMARY.md"))
        try Data("b".utf8).write(to: URL(fileURLWithPath: root + "/site/b.md"))
        #expect(Self.sees(watcher, "site/b.md"), "the folder's other files still are")
    }
}
