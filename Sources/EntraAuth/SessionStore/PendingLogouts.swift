import Foundation
import Synchronization

/// Front-channel logouts that arrived while the session store could not be reached, kept until it answers again.
///
/// Entra loads the logout address once and never retries, so a `sid` lost to an outage would leave its sessions
/// signed in. Each one is kept (with its `iss`, if any) in memory and in a file of the cache folder, written whole on
/// every change (mode 0600) under an exclusive lock after reading it again, so processes that share it (one-shot CGI,
/// a process per request) add to what the others wrote rather than write over it; it survives the outage and a
/// restart — whichever store is down: a locked or
/// unwritable SQLite file, or a stopped Redis. It is applied by the retry thread every second, and before that on
/// any lookup of a session it names (`SessionRegistry.find`), so no check lets such a session through in between.
///
/// Bounded: at most `capacity` (the oldest is dropped and logged), and none older than the longest session lifetime,
/// after which every session it could name has expired anyway.
public final class PendingLogouts: Sendable {
    /// One logout to apply.
    struct Entry: Equatable, Sendable {
        let sid: String
        let issuer: String?
        let receivedAt: Int
    }

    static let capacity = 1000
    private let path: String?
    private let lifetime: Int
    private let log: AuthLog
    private let entries: Mutex<[Entry]>
    /// How many entries there are, read without the lock on every lookup.
    private let count = Atomic<Int>(0)

    /// Logouts kept in `folder/pending-logouts` (loaded now, if the file exists); with no folder, in memory only.
    /// `lifetime` is the longest a session lives, in seconds.
    init(folder: String?, lifetime: Int, log: AuthLog) {
        path = folder.map { $0 + "/pending-logouts" }
        self.lifetime = lifetime
        self.log = log
        let loaded = path.flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }.map(Self.parse) ?? []
        entries = Mutex(loaded)
        count.store(loaded.count, ordering: .releasing)
    }

    /// Whether any logout waits.
    var isEmpty: Bool { count.load(ordering: .acquiring) == 0 }

    /// Keeps a logout that could not be applied.
    func add(sid: String, issuer: String?, at now: Int) {
        let dropped = change(now: now) { list in
            list.removeAll { $0.sid == sid && $0.issuer == issuer }
            list.append(Entry(sid: sid, issuer: issuer, receivedAt: now))
            let over = max(0, list.count - Self.capacity)
            list.removeFirst(over)
            return over
        }
        if dropped > 0 {
            log.write(
                event: "frontchannel_logout_dropped",
                ["count": "\(dropped)", "reason": "over \(Self.capacity) waiting"])
        }
    }

    /// The waiting logouts that name `stored`'s Entra session (and issuer, when the logout gave one).
    func matching(_ stored: StoredSession) -> [Entry] {
        guard !isEmpty, let sid = stored.providerSessionID else { return [] }
        return entries.withLock { list in
            list.filter { $0.sid == sid && $0.issuer.map { $0 == stored.issuer } != false }
        }
    }

    /// Applies every waiting logout through `apply`; those it throws for stay, the others are forgotten.
    func retry(at now: Int, _ apply: (Entry) throws -> Void) {
        guard !isEmpty else { return }
        let waiting = entries.withLock { $0 }
        let applied = waiting.filter { (try? apply($0)) != nil }
        guard !applied.isEmpty || waiting.contains(where: { now - $0.receivedAt > lifetime }) else { return }
        _ = change(now: now) { list in
            list.removeAll { applied.contains($0) }
            return 0
        }
    }

    /// Changes the list under the lock, drops what is too old, and writes the file. Another process may have changed
    /// the file since this one read it: the change is made to the file as it is now, read again under `flock`.
    private func change(now: Int, _ body: (inout [Entry]) -> Int) -> Int {
        entries.withLock { list in
            let lock = path.map { open($0 + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600) } ?? -1
            if lock >= 0 { flock(lock, LOCK_EX) }
            defer { if lock >= 0 { close(lock) } }
            if let path, let text = try? String(contentsOfFile: path, encoding: .utf8) { list = Self.parse(text) }
            let result = body(&list)
            list.removeAll { now - $0.receivedAt > lifetime }
            count.store(list.count, ordering: .releasing)
            save(list)
            return result
        }
    }

    private func save(_ list: [Entry]) {
        guard let path else { return }
        let text = list.map { "\($0.receivedAt)\t\($0.sid)\t\($0.issuer ?? "")\n" }.joined()
        let temporary = path + ".new"
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600]),
            rename(temporary, path) == 0
        else {
            log.write(
                event: "frontchannel_logout_not_saved",
                ["path": path, "effect": "waiting logouts are kept in memory only, until a restart"])
            return
        }
    }

    /// Lines `receivedAt TAB sid TAB issuer`; a line that does not fit is skipped.
    private static func parse(_ text: String) -> [Entry] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let receivedAt = Int(fields[0]), !fields[1].isEmpty else { return nil }
            return Entry(
                sid: String(fields[1]), issuer: fields[2].isEmpty ? nil : String(fields[2]), receivedAt: receivedAt)
        }
    }
}
