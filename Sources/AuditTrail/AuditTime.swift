public import Foundation

/// The times of the audit trail: nginx's `$time_iso8601` in the log, and what an administrator types after
/// `--since` and `--until`.
public enum AuditTime {
    /// `2026-10-14T09:12:03+00:00` (nginx's `$time_iso8601`), also with `Z` or fractional seconds.
    public static func parse(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// A moment as an option gives it: a day (`2026-10-01`, midnight UTC), a time (`2026-10-01T12:00:00Z`,
    /// `2026-10-01T14:00:00+02:00`), or an age before `now` (`30d`, `12h`, `90m`).
    public static func moment(_ text: String, now: Date) throws(AuditError) -> Date {
        if let seconds = age(text) { return now.addingTimeInterval(-seconds) }
        if let date = parse(text) { return date }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        if let date = day.date(from: text), text.count == 10 { return date }
        throw AuditError(
            "'\(text)' is not a day (2026-10-01), a time (2026-10-01T12:00:00Z) or an age (30d, 12h, 90m)")
    }

    /// The UTC form the table shows: `2026-10-14 09:12:03`.
    public static func tableText(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
        return formatter.string(from: date)
    }

    private static func age(_ text: String) -> TimeInterval? {
        guard let unit = text.last, let count = Int(text.dropLast()), count >= 0 else { return nil }
        switch unit {
        case "d": return TimeInterval(count) * 86_400
        case "h": return TimeInterval(count) * 3_600
        case "m": return TimeInterval(count) * 60
        default: return nil
        }
    }
}
