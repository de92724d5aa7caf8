import Foundation

/// One structured `key=value` line per event on stderr; never given tokens, codes or secrets.
///
/// ```
/// time=2026-11-22T10:00:00Z event=signed_in tid=… oid=… name="Ann Lee"
/// ```
public struct AuthLog: Sendable {
    private let sink: @Sendable (String) -> Void
    private let time: any TimeSource

    /// Creates a log writing lines to `sink` (stderr by default).
    public init(time: any TimeSource = SystemTime(), sink: @escaping @Sendable (String) -> Void = AuthLog.standardError)
    {
        self.time = time
        self.sink = sink
    }

    /// Writes one line to stderr.
    public static let standardError: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Writes an event with fields in a stable (sorted) order.
    public func write(event: String, _ fields: [String: String] = [:]) {
        let stamp = ISO8601DateFormatter().string(from: time.now())
        var line = "time=\(stamp) event=\(event)"
        for key in fields.keys.sorted() {
            line += " \(key)=\(Self.quoted(fields[key] ?? ""))"
        }
        sink(line)
    }

    /// Quotes values with spaces or quotes, and strips control characters so a claim cannot forge a log line.
    static func quoted(_ value: String) -> String {
        let clean = String(
            value.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.map(Character.init))
        guard clean.isEmpty || clean.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else { return clean }
        return "\"" + clean.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
