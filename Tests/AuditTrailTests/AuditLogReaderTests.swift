import Foundation
import Testing

@testable import AuditTrail

/// Reading audit logs as nginx writes them: good lines, anonymous lines, lines that are not audit lines.
struct AuditLogReaderTests {
    static let ann = #"""
        {"time":"2026-10-14T09:12:03+02:00","oid":"aaaaaaaa-0000-4000-8000-000000000001","name":"Ann Lee","email":"ann@example.com","tenant":"11111111-1111-4111-8111-111111111111","method":"GET","path":"/finance/q3%20forecast/","status":200,"bytes":5120,"check":"MISS"}
        """#
    static let anonymous = #"""
        {"time":"2026-10-13T08:00:00+00:00","oid":"","name":"","email":"","tenant":"","method":"GET","path":"/","status":200,"bytes":10,"check":"MISS"}
        """#
    static let bob = #"""
        {"time":"2026-10-12T08:00:00+00:00","oid":"bbbbbbbb-0000-4000-8000-000000000002","name":"Bob Stone","email":"","tenant":"11111111-1111-4111-8111-111111111111","method":"GET","path":"/finance/q3%20forecast/","status":403,"bytes":300,"check":""}
        """#

    func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("audit-\(UUID().uuidString).log").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func readsEveryFieldAndTheTimeWithItsOffset() throws {
        let entry = try AuditLine.parse(Substring(Self.ann))
        #expect(entry.oid == "aaaaaaaa-0000-4000-8000-000000000001")
        #expect(entry.name == "Ann Lee" && entry.email == "ann@example.com")
        #expect(entry.tenant == "11111111-1111-4111-8111-111111111111")
        #expect(entry.method == "GET" && entry.status == 200 && entry.bytes == 5120 && entry.check == "MISS")
        #expect(entry.time == Date(timeIntervalSince1970: 1_791_961_923))
        #expect(entry.signedIn)
        #expect(try !AuditLine.parse(Substring(Self.anonymous)).signedIn)
    }

    @Test func namesWhatIsWrongWithALine() {
        #expect(throws: AuditError("not a line of the sitegen_audit log format (not JSON)")) {
            try AuditLine.parse("127.0.0.1 - - [24/Nov/2026] \"GET / HTTP/1.1\" 200")
        }
        #expect(throws: AuditError("not a line of the sitegen_audit log format (no 'path')")) {
            try AuditLine.parse(#"{"time":"2026-10-14T09:12:03Z","method":"GET","status":200,"bytes":1}"#)
        }
        #expect(throws: AuditError("'time' is not an ISO 8601 time: 14/Oct/2026")) {
            try AuditLine.parse(#"{"time":"14/Oct/2026","method":"GET","path":"/","status":200,"bytes":1}"#)
        }
    }

    @Test func keepsMatchingEntriesOfSeveralLogsInTimeOrderAndWarnsOfBadLines() throws {
        let first = try write(Self.ann + "\n" + "garbage\n" + Self.anonymous + "\n")
        let second = try write(Self.bob + "\n" + #"{"time":"2026-10-14T"#)  // nginx still writing the last line
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        var warnings: [String] = []
        let reader = AuditLogReader { warnings.append($0) }

        let entries = try reader.entries(in: [first, second], matching: AuditQuery(pathPrefix: "/finance/q3 forecast"))

        #expect(entries.map(\.name) == ["Bob Stone", "Ann Lee"])
        #expect(
            warnings == [
                "\(first):2: not a line of the sitegen_audit log format (not JSON); skipped",
                "\(second):2: not a line of the sitegen_audit log format (not JSON); skipped",
            ])
    }

    @Test func refusesALogWithoutAnAuditLineAndAFileItCannotRead() throws {
        let other = try write("127.0.0.1 - - [24/Nov/2026] \"GET / HTTP/1.1\" 200 5\n")
        defer { try? FileManager.default.removeItem(atPath: other) }
        let reader = AuditLogReader { _ in }
        #expect {
            try reader.entries(in: [other], matching: AuditQuery())
        } throws: { error in
            (error as? AuditError)?.description.hasPrefix("\(other): no line is an audit line") == true
        }
        #expect(throws: AuditError("/nonexistent/audit.log: cannot be read (no such file)")) {
            try reader.entries(in: ["/nonexistent/audit.log"], matching: AuditQuery())
        }
    }

    @Test func listsOnlyTheFirstBadLinesOfAFile() throws {
        let log = try write(Self.ann + "\n" + String(repeating: "x\n", count: 8))
        defer { try? FileManager.default.removeItem(atPath: log) }
        var warnings: [String] = []
        _ = try AuditLogReader { warnings.append($0) }.entries(in: [log], matching: AuditQuery())
        #expect(warnings.count == AuditLogReader.warningsPerFile + 1)
        #expect(warnings.last == "\(log): 3 more lines skipped")
    }
}
