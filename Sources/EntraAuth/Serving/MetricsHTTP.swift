import Foundation
import TextTools

/// The little HTTP/1.1 the metrics listener speaks: `GET /metrics` (or `HEAD`), one request per connection, no body.
///
/// A request head in, a whole response out, so it is tested without sockets. The `Host` header must name the
/// address listened on (421 otherwise): a page elsewhere whose name an attacker points at 127.0.0.1 (DNS rebinding)
/// gets its own name as `Host`, so a browser on the server cannot be made to read the metrics for another site.
enum MetricsHTTP {
    /// The longest request head read; Prometheus sends a few hundred bytes.
    static let headLimit = 8192

    /// Whether `bytes` hold a whole request head (up to the blank line).
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        let crlf: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= 2 else { return false }
        if bytes.count >= 4, bytes.indices.dropLast(3).contains(where: { bytes[$0..<$0 + 4].elementsEqual(crlf) }) {
            return true
        }
        return bytes.indices.dropLast().contains { bytes[$0] == 10 && bytes[$0 + 1] == 10 }
    }

    /// The response to a request `head`; `page` is rendered only for a `GET` or `HEAD` of `/metrics` whose `Host` is
    /// one of `hosts` (`host:port`, compared without regard to case).
    static func response(to head: [UInt8], hosts: [String], page: () -> String) -> [UInt8] {
        let lines = String(decoding: head, as: UTF8.self).split(omittingEmptySubsequences: false) {
            $0 == "\n" || $0 == "\r\n"
        }
        let parts = (lines.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return message(400, "Not an HTTP/1.1 request.\n")
        }
        let host = lines.dropFirst().lazy.compactMap(Self.hostValue).first
        guard let host, hosts.contains(where: { $0.caseInsensitiveCompare(host) == .orderedSame }) else {
            return message(
                421,
                "The Host header must be the address listened on: \(hosts.first ?? "none").\n")
        }
        guard parts[0] == "GET" || parts[0] == "HEAD" else {
            return message(405, "Only GET and HEAD.\n", extra: "Allow: GET, HEAD\r\n")
        }
        guard parts[1].prefix(while: { $0 != "?" }) == "/metrics" else {
            return message(404, "Not found: the metrics are at /metrics.\n")
        }
        return serialized(
            200, contentType: PrometheusText.contentType, body: Array(page().utf8),
            sendsBody: parts[0] == "GET")
    }

    /// The value of a `Host:` header line, trimmed; nil for any other line.
    private static func hostValue(_ line: Substring) -> String? {
        guard let colon = line.firstIndex(of: ":"),
            line[..<colon].caseInsensitiveCompare("Host") == .orderedSame
        else { return nil }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    private static func message(_ status: Int, _ text: String, extra: String = "") -> [UInt8] {
        serialized(
            status, contentType: "text/plain; charset=utf-8", body: Array(text.utf8), sendsBody: true,
            extra: extra)
    }

    private static func serialized(
        _ status: Int, contentType: String, body: [UInt8], sendsBody: Bool, extra: String = ""
    ) -> [UInt8] {
        let head =
            "HTTP/1.1 \(status) \(HTTPReason.phrase(status))\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
            + "Cache-Control: no-store\r\nConnection: close\r\n\(extra)\r\n"
        return Array(head.utf8) + (sendsBody ? body : [])
    }
}
