public import EntraAuth
import Foundation
import Synchronization

/// Where a one-shot CGI process logs: standard error, which the web server writes to its error log, until the
/// process has answered and handed its remaining work to a detached process (`AfterAnswerWork`); from then on the
/// system log (syslog, so the journal), as nothing reads that process's standard error.
///
/// ```swift
/// let service = AuthService(config: config, log: CGILog.shared.log, lifetime: .oneRequest)
/// ```
public final class CGILog: Sendable {
    /// The process's one log.
    public static let shared = CGILog()

    private let detached = Atomic<Bool>(false)

    private init() {}

    /// An `AuthLog` writing here.
    public var log: AuthLog { AuthLog(sink: { CGILog.shared.write($0) }) }

    /// Writes `line` to standard error, or to the system log once the process is detached.
    func write(_ line: String) {
        guard detached.load(ordering: .acquiring) else { return AuthLog.standardError(line) }
        withVaList([line]) { vsyslog(LOG_INFO, "%s", $0) }
    }

    /// Sends every later line to the system log, as `sitegen-auth[PID]`.
    func sendToSystemLog() {
        // syslog keeps the pointer it is given for as long as the process logs: a copy that is never freed.
        openlog(strdup("sitegen-auth"), LOG_PID, LOG_DAEMON)
        detached.store(true, ordering: .releasing)
    }
}
