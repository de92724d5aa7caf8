import Testing

@testable import EntraAuth

/// One structured line per event, which a claim can never split or forge.
struct AuthLogTests {
    @Test func writesOneSortedKeyValueLineStampedByTheClock() {
        let logs = LogCapture()
        logs.log(time: MovableClock()).write(event: "signed_in", ["tid": "t1", "name": "Ann Lee", "oid": "o1"])
        #expect(logs.lines == [#"time=2023-11-14T22:13:20Z event=signed_in name="Ann Lee" oid=o1 tid=t1"#])
    }

    @Test func controlCharactersAndQuotesInValuesCannotForgeALine() {
        let logs = LogCapture()
        logs.log(time: MovableClock()).write(
            event: "signed_in", ["name": "Ann\nevent=signed_in name=\"Admin\"\r", "empty": ""])
        let line = logs.lines.joined()
        #expect(logs.lines.count == 1)
        #expect(!line.contains("\n") && !line.contains("\r"))
        #expect(line.hasSuffix(#"empty="" name="Annevent=signed_in name=\"Admin\"""#))
    }

    /// A space or a quote followed by a combining mark is one Swift character, but still a space or a quote.
    @Test func aSpaceOrQuoteWithACombiningMarkIsStillQuoted() {
        let logs = LogCapture()
        let log = logs.log(time: MovableClock())
        log.write(event: "signed_in", ["name": "Ann \u{301}admin"])
        log.write(event: "signed_in", ["name": "x=\"\u{301} oid=forged"])
        #expect(logs.lines.count == 2)
        #expect(logs.lines.first?.hasSuffix(#"name="Ann \#u{301}admin""#) == true)
        #expect(logs.lines.last?.hasSuffix(#"name="x=\"\#u{301} oid=forged""#) == true)
    }
}
