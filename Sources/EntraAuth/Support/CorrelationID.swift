/// A random id that ties an error page to its log line: 16 hex digits.
enum CorrelationID {
    static func make(_ random: any RandomSource) -> String {
        random.bytes(8).map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
    }
}
