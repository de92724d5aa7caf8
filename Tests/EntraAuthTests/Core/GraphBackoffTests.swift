import Foundation
import Testing

@testable import EntraAuth

@Suite("Graph's Retry-After, kept for every call")
struct GraphBackoffTests {
    @Test("Retry-After is read as seconds or as an HTTP date; anything else is no wait")
    func parsing() {
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(GraphBackoff.seconds("7", now: now) == 7)
        #expect(GraphBackoff.seconds(" 120 ", now: now) == 120)
        #expect(GraphBackoff.seconds("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == 30)
        #expect(GraphBackoff.seconds("Tue, 14 Nov 2023 22:13:00 GMT", now: now) == 0, "a date passed")
        for bad in ["", "-5", "soon", "7.5", "14 Nov 2023 22:13:50"] {
            #expect(GraphBackoff.seconds(bad, now: now) == nil, "\(bad)")
        }
    }

    @Test("A 429 or 503 with Retry-After asks for a wait of at most five minutes; other answers ask for none")
    func waits() {
        let clock = MovableClock(MovableClock.start)
        let backoff = GraphBackoff(time: clock)
        #expect(backoff.asked(status: 500, retryAfter: "30") == nil && backoff.remaining() == nil)
        #expect(backoff.asked(status: 429, retryAfter: nil) == nil && backoff.remaining() == nil)
        #expect(backoff.asked(status: 429, retryAfter: "86400") == GraphBackoff.longest)
        #expect(backoff.remaining() == GraphBackoff.longest)
        #expect(backoff.asked(status: 503, retryAfter: "10") == 10)
        #expect(backoff.remaining() == GraphBackoff.longest, "a shorter wait does not end a longer one")
        clock.advance(by: TimeInterval(GraphBackoff.longest) - 0.5)
        #expect(backoff.remaining() == 1)
        clock.advance(by: 0.5)
        #expect(backoff.remaining() == nil)
        #expect(backoff.asked(status: 429, retryAfter: "0") == 1, "at least a second")
    }
}
