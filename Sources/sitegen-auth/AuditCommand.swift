import ArgumentParser
import AuditTrail
import Foundation

/// `sitegen-auth audit`: who read what, from the audit log nginx writes (`sitegen_audit` log format).
struct AuditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Who read what: the requests of the audit log nginx writes, as a table or JSON lines.",
        discussion: """
            Reads the log nginx writes with `access_log /var/log/sitegen/audit.log sitegen_audit;` \
            (one line in the server block; see the guide, "Audit trail"): a line for every request, \
            also those answered from nginx's 5-second cache of auth checks (CHECK shows HIT). READER \
            is the name and e-mail address at the time of the request; OBJECT ID is the Entra object \
            id, which never changes. Times are UTC.

            --since and --until take a day (2026-10-01, midnight UTC), a time \
            (2026-10-01T14:00:00+02:00) or an age (30d, 12h, 90m). Rotated logs: repeat --log, or \
            decompress them into standard input with --log -.

            Examples:
              sitegen-auth audit --path /finance/q3 \\
                  --since 2026-10-01 --until 2026-11-01
              sitegen-auth audit --since 7d \\
                  --user aaaaaaaa-0000-4000-8000-000000000001
              sitegen-auth audit --log audit.log-20261013 --log audit.log --since 2d
              zcat audit.log-*.gz | \\
                  sitegen-auth audit --log - --path /finance/ --json
            """
    )

    @Option(name: .long, help: "An audit log to read; repeat for rotated logs; - reads standard input.")
    var log: [String] = ["/var/log/sitegen/audit.log"]

    @Option(name: .long, help: "Only requests whose path starts with this (e.g. /finance/).")
    var path: String?

    @Option(name: .long, help: "Only requests of this reader (Entra object id).")
    var user: String?

    @Option(name: .long, help: "Only requests at or after this day, time or age.")
    var since: String?

    @Option(name: .long, help: "Only requests before this day, time or age.")
    var until: String?

    @Flag(name: .long, help: "Print one JSON object per request instead of a table.")
    var json = false

    func run() throws {
        do {
            let now = Date()
            let query = AuditQuery(
                pathPrefix: path, user: user,
                since: try since.map { text throws(AuditError) in try AuditTime.moment(text, now: now) },
                until: try until.map { text throws(AuditError) in try AuditTime.moment(text, now: now) })
            let reader = AuditLogReader { warning in
                ErrorOutput.write("\(warning)", prefix: "sitegen-auth audit")
            }
            let entries = try reader.entries(in: log, matching: query)
            if json {
                if !entries.isEmpty { print(AuditReport.jsonLines(entries)) }
            } else {
                print(AuditReport.table(entries))
            }
        } catch {
            ErrorOutput.write(error.description, prefix: "sitegen-auth audit")
            throw ExitCode.failure
        }
    }
}
