public import EntraAuth
import Foundation

/// Work a one-shot CGI process keeps for after its answer: a session's re-check with the identity provider, which
/// may wait seconds on the network, while the page load must not wait for it.
///
/// The check submits the re-check here and answers at once. After the answer is written, `runDetached()` hands the
/// work to a process of its own, in a session of its own, with standard input, output and error on `/dev/null`: the
/// web server has its whole answer when the answering process exits, and a server that ends a CGI program it has
/// heard from (Apache's and lighttpd's `mod_cgi`) does not end the re-check with it. Nothing reads that process's
/// standard error, so its log lines go to the system log (`CGILog`).
///
/// ```swift
/// let work = AfterAnswerWork()
/// let service = AuthService(config: config, lifetime: .oneRequest, background: work)
/// FileHandle.standardOutput.write(Data(OneShotCGI.respond(to: environment, router: service.endpoints.router)))
/// work.runDetached(beforeForking: service.endpoints.sessions.store.closeIdleConnections)
/// ```
public final class AfterAnswerWork: BackgroundWork, @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [@Sendable () -> Void] = []

    /// Nothing queued yet.
    public init() {}

    /// Keeps `work` for after the answer; always true.
    public func submit(_ work: @escaping @Sendable () -> Void) -> Bool {
        lock.withLock { queued.append(work) }
        return true
    }

    /// Takes the work kept so far, leaving none.
    func take() -> [@Sendable () -> Void] {
        lock.withLock {
            defer { queued = [] }
            return queued
        }
    }

    /// Runs the work kept, if any, detached from the web server; returns in the answering process at once. The
    /// detached process runs it and exits. `beforeForking` lets go of what a child must not share, such as the
    /// session store's connections (`SessionStore.closeIdleConnections`).
    public func runDetached(beforeForking: () -> Void = {}) {
        let work = take()
        guard !work.isEmpty else { return }
        beforeForking()
        guard Self.detach() else { return }
        CGILog.shared.sendToSystemLog()
        for item in work { item() }
        exit(0)
    }

    /// True in the process that is to run the work, false in the answering process. Forks only while this process has
    /// one thread (a child of a threaded process may find a lock held forever); otherwise, or when `fork` fails, the
    /// work runs here once the answer's pipes are closed.
    private static func detach() -> Bool {
        fflush(nil)
        if threadCount() == 1 {
            let child = fork()
            if child > 0 { return false }
            if child == 0 { setsid() }
        }
        let nowhere = open("/dev/null", O_RDWR)
        if nowhere >= 0 {
            for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] { dup2(nowhere, descriptor) }
            if nowhere > STDERR_FILENO { close(nowhere) }
        }
        return true
    }

    /// The threads of this process, from `/proc/self/task`; 0 when it cannot be read.
    private static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}
