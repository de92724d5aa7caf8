/// FastCGI's records (specification 1.0, section 3): an 8-byte header, then the content and padding. What
/// `FastCGIConnection` reads, and the records it writes back: the answer on `FCGI_STDOUT` with its
/// `FCGI_END_REQUEST`, and the answers to management records.
enum FastCGIRecords {
    /// The only version of the protocol.
    static let version: UInt8 = 1
    static let headerLength = 8
    /// The most content one record carries.
    static let contentLimit = 65_535

    enum Kind {
        static let beginRequest: UInt8 = 1
        static let abortRequest: UInt8 = 2
        static let endRequest: UInt8 = 3
        static let params: UInt8 = 4
        static let stdin: UInt8 = 5
        static let stdout: UInt8 = 6
        static let getValues: UInt8 = 9
        static let getValuesResult: UInt8 = 10
        static let unknownType: UInt8 = 11
    }

    /// `FCGI_END_REQUEST`'s protocol status.
    enum ProtocolStatus {
        static let requestComplete: UInt8 = 0
        static let cannotMultiplex: UInt8 = 1
        static let unknownRole: UInt8 = 3
    }

    /// `FCGI_BEGIN_REQUEST`'s flag asking the application to keep the connection for the next request.
    static let keepConnection: UInt8 = 1

    /// A record's header, read from its first 8 bytes.
    struct Header {
        let kind: UInt8
        let requestID: UInt16
        let contentLength: Int
        let paddingLength: Int

        /// The header in `bytes`, which hold at least `headerLength`; nil for a version other than 1.
        init?(_ bytes: UnsafeRawBufferPointer) {
            guard bytes[0] == FastCGIRecords.version else { return nil }
            kind = bytes[1]
            requestID = UInt16(bytes[2]) << 8 | UInt16(bytes[3])
            contentLength = Int(bytes[4]) << 8 | Int(bytes[5])
            paddingLength = Int(bytes[6])
        }
    }

    /// Appends one record of `kind` holding `content`, padded to a multiple of 8 bytes as the specification
    /// recommends.
    static func append(
        _ kind: UInt8, requestID: UInt16, content: some Collection<UInt8>, to bytes: inout [UInt8]
    ) {
        let padding = (8 - content.count % 8) % 8
        bytes.append(contentsOf: [
            version, kind, UInt8(requestID >> 8), UInt8(requestID & 0xFF), UInt8(content.count >> 8),
            UInt8(content.count & 0xFF), UInt8(padding), 0,
        ])
        bytes.append(contentsOf: content)
        bytes.append(contentsOf: repeatElement(0, count: padding))
    }

    /// `FCGI_END_REQUEST` for `requestID` with `status` and an application status of 0.
    static func end(requestID: UInt16, status: UInt8) -> [UInt8] {
        var bytes: [UInt8] = []
        append(Kind.endRequest, requestID: requestID, content: [0, 0, 0, 0, status, 0, 0, 0], to: &bytes)
        return bytes
    }

    /// A whole answer: `output` on `FCGI_STDOUT` in records of at most `contentLimit` bytes, the empty record that
    /// ends the stream, and `FCGI_END_REQUEST`.
    static func answer(_ output: [UInt8], requestID: UInt16) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(output.count + 64 + output.count / contentLimit * 16)
        var start = 0
        while start < output.count {
            let end = min(start + contentLimit, output.count)
            append(Kind.stdout, requestID: requestID, content: output[start..<end], to: &bytes)
            start = end
        }
        append(Kind.stdout, requestID: requestID, content: EmptyCollection(), to: &bytes)
        bytes += end(requestID: requestID, status: ProtocolStatus.requestComplete)
        return bytes
    }

    /// The answer to a management record of `kind` holding `content`: for `FCGI_GET_VALUES`, the values asked
    /// for among the three the specification defines, each once (`connections` for `FCGI_MAX_CONNS` and
    /// `FCGI_MAX_REQS`, and no multiplexing); for any other kind, `FCGI_UNKNOWN_TYPE`. Nil when the names cannot
    /// be read.
    static func management(kind: UInt8, content: UnsafeRawBufferPointer, connections: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        guard kind == Kind.getValues else {
            append(Kind.unknownType, requestID: 0, content: [kind, 0, 0, 0, 0, 0, 0, 0], to: &bytes)
            return bytes
        }
        let known = [
            "FCGI_MAX_CONNS": String(connections), "FCGI_MAX_REQS": String(connections), "FCGI_MPXS_CONNS": "0",
        ]
        var asked: [String] = []
        let readable = FastCGIParameters.forEachPair(in: content) { name, _ in
            let name = String(decoding: name, as: UTF8.self)
            if known[name] != nil, !asked.contains(name) { asked.append(name) }
        }
        guard readable else { return nil }
        var pairs: [UInt8] = []
        for name in asked {
            let value = known[name] ?? ""
            FastCGIParameters.appendPair(name: Array(name.utf8), value: Array(value.utf8), to: &pairs)
        }
        append(Kind.getValuesResult, requestID: 0, content: pairs, to: &bytes)
        return bytes
    }
}
