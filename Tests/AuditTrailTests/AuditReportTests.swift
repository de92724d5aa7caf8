import Foundation
import Testing

@testable import AuditTrail

/// The table people read and the JSON lines programs read.
struct AuditReportTests {
    static let ann = AuditEntry(
        time: Date(timeIntervalSince1970: 1_791_961_923), oid: "aaaa", name: "Ann Lee", email: "ann@example.com",
        tenant: "1111", method: "GET", path: "/finance/", status: 200, bytes: 5120, check: "HIT")
    static let anonymous = AuditEntry(
        time: Date(timeIntervalSince1970: 1_791_961_924), oid: "", name: "", email: "", tenant: "", method: "HEAD",
        path: "/\u{1B}[2J", status: 302, bytes: 0, check: "")

    @Test func alignsColumnsAndShowsAnonymousReadersAsADash() {
        #expect(
            AuditReport.table([Self.ann, Self.anonymous]) == """
                TIME (UTC)           READER                     OBJECT ID  TENANT  STATUS  METHOD  PATH       BYTES  CHECK
                2026-10-14 07:12:03  Ann Lee <ann@example.com>  aaaa       1111    200     GET     /finance/  5120   HIT
                2026-10-14 07:12:04  -                          -          -       302     HEAD    /?[2J      0      -
                """)
        #expect(AuditReport.table([]) == "No request matches.")
    }

    @Test func writesOneJSONObjectPerEntryInUTC() throws {
        let text = AuditReport.jsonLines([Self.ann])
        #expect(
            text == #"""
                {"bytes":5120,"check":"HIT","email":"ann@example.com","method":"GET","name":"Ann Lee","oid":"aaaa","path":"/finance/","status":200,"tenant":"1111","time":"2026-10-14T07:12:03Z"}
                """#)
        #expect(try AuditLine.parse(Substring(text)) == Self.ann)
    }
}
