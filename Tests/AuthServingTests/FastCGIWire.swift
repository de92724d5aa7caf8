import Foundation

/// The FastCGI wire protocol as a web server speaks it, written byte by byte so the tests do not trust the
/// responder's own reader to check itself: records, name-value pairs, and the records a responder answers with.
enum FastCGIWire {
    static let beginRequest: UInt8 = 1
    static let endRequest: UInt8 = 3
    static let params: UInt8 = 4
    static let stdin: UInt8 = 5
    static let stdout: UInt8 = 6
    static let getValues: UInt8 = 9
    static let getValuesResult: UInt8 = 10
    static let unknownType: UInt8 = 11

    /// One record: version, type, request id, content length, padding length, reserved, then content and padding.
    static func record(_ type: UInt8, _ content: [UInt8] = [], id: UInt16 = 1, version: UInt8 = 1) -> [UInt8] {
        let padding = (8 - content.count % 8) % 8
        return [
            version, type, UInt8(id >> 8), UInt8(id & 0xFF), UInt8(content.count >> 8), UInt8(content.count & 0xFF),
            UInt8(padding), 0,
        ] + content + [UInt8](repeating: 0, count: padding)
    }

    /// `FCGI_BEGIN_REQUEST` for `role` (1 Responder, 2 Authorizer, 3 Filter); with `keepingConnection`, the flag
    /// `FCGI_KEEP_CONN`, which asks the application to leave the connection open for the next request.
    static func begin(role: UInt16 = 1, keepingConnection: Bool = false, id: UInt16 = 1) -> [UInt8] {
        record(
            beginRequest, [UInt8(role >> 8), UInt8(role & 0xFF), keepingConnection ? 1 : 0, 0, 0, 0, 0, 0], id: id)
    }

    /// A length as name-value pairs encode it: one byte below 128, else four with the top bit set.
    static func length(_ count: Int) -> [UInt8] {
        count < 128
            ? [UInt8(count)]
            : [
                UInt8((count >> 24) & 0x7F) | 0x80, UInt8((count >> 16) & 0xFF), UInt8((count >> 8) & 0xFF),
                UInt8(count & 0xFF),
            ]
    }

    /// The name-value pairs as one stream.
    static func pairs(_ pairs: [(String, String)]) -> [UInt8] {
        pairs.flatMap { name, value in
            length(name.utf8.count) + length(value.utf8.count) + Array(name.utf8) + Array(value.utf8)
        }
    }

    /// The parameters as `FCGI_PARAMS` records of at most 65,535 bytes each, and the empty one that ends them.
    static func parameters(_ pairs: [(String, String)]) -> [UInt8] {
        let stream = Self.pairs(pairs)
        var records: [UInt8] = []
        var start = 0
        while start < stream.count {
            let end = min(start + 65_535, stream.count)
            records += record(params, Array(stream[start..<end]))
            start = end
        }
        return records + record(params)
    }

    /// A whole request: begin, parameters, an empty body.
    static func request(_ pairs: [(String, String)], role: UInt16 = 1) -> [UInt8] {
        begin(role: role) + parameters(pairs) + record(stdin)
    }

    /// What came back on a connection: the `FCGI_STDOUT` bytes, and the protocol status of `FCGI_END_REQUEST`.
    struct Answer {
        var stdout: [UInt8] = []
        var protocolStatus: UInt8?

        var text: String { String(decoding: stdout, as: UTF8.self) }
        /// The `Status:` line's code.
        var status: Int? {
            guard text.hasPrefix("Status: ") else { return nil }
            return Int(text.dropFirst(8).prefix(3))
        }
    }

    /// Reads the `FCGI_STDOUT` and `FCGI_END_REQUEST` records in `bytes`.
    static func answer(in bytes: [UInt8]) -> Answer {
        var answer = Answer()
        for record in records(in: bytes) {
            if record.type == stdout { answer.stdout += record.content }
            if record.type == endRequest, record.content.count >= 5 { answer.protocolStatus = record.content[4] }
        }
        return answer
    }

    /// Every whole record in `bytes`: its type, request id and content; stops at a record cut short.
    static func records(in bytes: [UInt8]) -> [(type: UInt8, id: UInt16, content: [UInt8])] {
        var records: [(type: UInt8, id: UInt16, content: [UInt8])] = []
        var offset = 0
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset + 4]) << 8 | Int(bytes[offset + 5])
            let padding = Int(bytes[offset + 6])
            guard offset + 8 + length + padding <= bytes.count else { break }
            records.append(
                (
                    bytes[offset + 1], UInt16(bytes[offset + 2]) << 8 | UInt16(bytes[offset + 3]),
                    Array(bytes[(offset + 8)..<(offset + 8 + length)])
                ))
            offset += 8 + length + padding
        }
        return records
    }
}
