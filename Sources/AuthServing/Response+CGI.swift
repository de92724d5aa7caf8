public import EntraAuth
import TextTools

extension Response {
    /// The CGI form of the response, which FastCGI carries too: `Status:` with its reason phrase, the headers, a blank line, the body.
    public var cgiBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + body.count)
        bytes.append(contentsOf: "Status: \(status) \(HTTPReason.phrase(status))\r\n".utf8)
        for header in headers {
            bytes.append(contentsOf: header.name.utf8)
            bytes.append(contentsOf: ": ".utf8)
            bytes.append(contentsOf: header.value.utf8)
            bytes.append(contentsOf: "\r\n".utf8)
        }
        bytes.append(contentsOf: "\r\n".utf8)
        bytes.append(contentsOf: body)
        return bytes
    }
}
