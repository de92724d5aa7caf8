import Foundation
import TextTools

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

    /// Quotes values with spaces, quotes or `=`, and strips control characters so a claim cannot forge a log
    /// line. Goes by Unicode scalar: a space or a quote followed by a combining mark is one Swift character.
    static func quoted(_ value: String) -> String {
        let clean = value.replacingControlCharacters(with: "")
        guard clean.isEmpty || clean.unicodeScalars.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else {
            return clean
        }
        return "\"" + clean.replacingScalars { $0 == "\\" || $0 == "\"" ? "\\" + String($0) : nil } + "\""
    }
}
