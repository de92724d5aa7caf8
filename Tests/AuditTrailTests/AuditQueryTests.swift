import Foundation
import Testing

@testable import AuditTrail

/// Which entries a question matches, and the moments `--since` and `--until` accept.
struct AuditQueryTests {
    static func entry(oid: String = "AAAA", path: String = "/finance/q3/", time: TimeInterval = 1_000_000) -> AuditEntry
    {
        AuditEntry(
            time: Date(timeIntervalSince1970: time), oid: oid, name: "", email: "", tenant: "", method: "GET",
            path: path, status: 200, bytes: 1, check: "")
    }

    @Test func matchesUserInAnyCaseAPathPrefixRawOrDecodedAndAHalfOpenWindow() {
        #expect(AuditQuery(user: "aaaa").matches(Self.entry()))
        #expect(!AuditQuery(user: "bbbb").matches(Self.entry()))
        #expect(AuditQuery(pathPrefix: "/finance/").matches(Self.entry()))
        #expect(!AuditQuery(pathPrefix: "/finance/q4").matches(Self.entry()))
        #expect(AuditQuery(pathPrefix: "/q3 forecast").matches(Self.entry(path: "/q3%20forecast/")))
        #expect(AuditQuery(pathPrefix: "/q3%20f").matches(Self.entry(path: "/q3%20forecast/")))
        let window = AuditQuery(since: Date(timeIntervalSince1970: 100), until: Date(timeIntervalSince1970: 200))
        #expect(window.matches(Self.entry(time: 100)))
        #expect(!window.matches(Self.entry(time: 99)))
        #expect(!window.matches(Self.entry(time: 200)))
        #expect(AuditQuery().matches(Self.entry()))
    }

    @Test func readsDaysTimesAndAges() throws {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try AuditTime.moment("2026-10-01", now: now) == Date(timeIntervalSince1970: 1_790_812_800))
        #expect(
            try AuditTime.moment("2026-10-01T02:00:00+02:00", now: now) == Date(timeIntervalSince1970: 1_790_812_800))
        #expect(try AuditTime.moment("2026-10-01T00:00:00Z", now: now) == Date(timeIntervalSince1970: 1_790_812_800))
        #expect(try AuditTime.moment("30d", now: now) == now.addingTimeInterval(-30 * 86_400))
        #expect(try AuditTime.moment("12h", now: now) == now.addingTimeInterval(-12 * 3_600))
        #expect(try AuditTime.moment("90m", now: now) == now.addingTimeInterval(-90 * 60))
        for text in ["last month", "2026-10", "10x", "", "2026-13-01"] {
            #expect(throws: AuditError.self) { try AuditTime.moment(text, now: now) }
        }
    }
}
