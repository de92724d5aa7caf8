import Foundation

/// What `sitegen-auth audit` prints: a table for people, or JSON lines for programs.
public enum AuditReport {
    /// One row per request, oldest first, columns aligned; anonymous readers show as `-`.
    ///
    /// ```
    /// TIME (UTC)           READER                   OBJECT ID                             STATUS  METHOD  PATH
    /// 2026-10-14 09:12:03  Ann Lee <ann@example.com> aaaaaaaa-0000-4000-8000-000000000001  200     GET     /finance/q3/
    /// ```
    public static func table(_ entries: [AuditEntry]) -> String {
        guard !entries.isEmpty else { return "No request matches." }
        let header = ["TIME (UTC)", "READER", "OBJECT ID", "TENANT", "STATUS", "METHOD", "PATH", "BYTES", "CHECK"]
        let rows = entries.map { entry in
            [
                AuditTime.tableText(entry.time), reader(entry), entry.signedIn ? entry.oid : "-",
                entry.tenant.isEmpty ? "-" : entry.tenant, String(entry.status), entry.method,
                printable(entry.path), String(entry.bytes), entry.check.isEmpty ? "-" : entry.check,
            ]
        }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { row in
            row.enumerated().map { column, text in
                column == row.count - 1 ? text : text.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// One JSON object per request, oldest first, with the log's field names and the time in UTC.
    public static func jsonLines(_ entries: [AuditEntry]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return entries.map { entry in
            // Encoding a struct of strings, numbers and a date cannot fail.
            String(decoding: (try? encoder.encode(entry)) ?? Data(), as: UTF8.self)
        }.joined(separator: "\n")
    }

    private static func reader(_ entry: AuditEntry) -> String {
        guard entry.signedIn else { return "-" }
        let name = printable(entry.name)
        if entry.email.isEmpty { return name.isEmpty ? "?" : name }
        return name.isEmpty ? printable(entry.email) : "\(name) <\(printable(entry.email))>"
    }

    /// Names and paths come from readers and tokens: control characters would move a terminal's cursor.
    private static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }
}
