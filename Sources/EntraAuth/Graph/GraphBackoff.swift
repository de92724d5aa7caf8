import Foundation
import Synchronization

/// How long Microsoft Graph asked every caller to wait: a 429 or 503 answer's `Retry-After`, kept so that neither a
/// sign-in nor a re-check sends Graph a call before it has passed. Microsoft's throttling guidance asks clients to
/// honour it; calls sent earlier are throttled again and extend the wait.
///
/// One is shared by every call of the process. A wait is at most `longest`, so a mistaken `Retry-After` of a day
/// cannot keep every reader in many groups out for a day.
///
/// ```swift
/// backoff.asked(status: 429, retryAfter: "7")   // Graph said: 7 s
/// backoff.remaining()                            // 7, then less; nil once passed
/// ```
final class GraphBackoff: Sendable {
    /// The longest wait taken from one answer.
    static let longest = 300

    private let time: any TimeSource
    private let until = Mutex<Date?>(nil)

    /// A backoff with no wait, reading the time from `time`.
    init(time: any TimeSource) {
        self.time = time
    }

    /// The whole seconds left of the wait Graph asked for, rounded up; nil when there is none.
    func remaining() -> Int? {
        let now = time.now()
        guard let until = until.withLock({ $0 }), until > now else { return nil }
        return Int(until.timeIntervalSince(now).rounded(.up))
    }

    /// Keeps the wait an answer of `status` asked for with `retryAfter` (seconds or an HTTP date); a 429 or 503
    /// without a readable `Retry-After` asks for none. Returns the seconds to wait, nil when there are none.
    @discardableResult
    func asked(status: Int, retryAfter: String?) -> Int? {
        guard status == 429 || status == 503, let retryAfter, let seconds = Self.seconds(retryAfter, now: time.now())
        else { return nil }
        let wait = min(max(seconds, 1), Self.longest)
        let end = time.now().addingTimeInterval(TimeInterval(wait))
        until.withLock { current in
            if current.map({ end > $0 }) ?? true { current = end }
        }
        return wait
    }

    /// `Retry-After`'s seconds: a whole number, or the seconds from `now` to an HTTP date (RFC 9110, 10.2.3).
    static func seconds(_ value: String, now: Date) -> Int? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(text), seconds >= 0 { return seconds }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        guard let date = format.date(from: text) else { return nil }
        return max(0, Int(date.timeIntervalSince(now).rounded(.up)))
    }
}
