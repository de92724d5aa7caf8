public import EntraAuth
import Foundation

/// Turns the CGI parameters a request arrives with (FastCGI's `FCGI_PARAMS` stream, or a CGI program's process
/// environment) into a `Request`.
///
/// Worked on bytes: it runs for every parameter of every request, and Foundation's string functions would dominate
/// the auth check.
public enum CGIEnvironment {
    /// The most bytes of parameters a FastCGI request may carry: far above what nginx sends (its
    /// `large_client_header_buffers` hold 32 KiB by default), so only a broken or hostile client reaches it.
    public static let parameterLimit = 256 * 1024

    /// The request in an `FCGI_PARAMS` stream (`FastCGIParameters`); nil when the stream cannot be read.
    public static func request(fromFastCGI stream: UnsafeRawBufferPointer) -> Request? {
        parsed(fromFastCGI: stream)?.request
    }

    /// The request in an `FCGI_PARAMS` stream, and its `REQUEST_URI`: the target the client asked for, which a
    /// FastCGI Authorizer is asked about. Nil when the stream cannot be read.
    static func parsed(fromFastCGI stream: UnsafeRawBufferPointer) -> (request: Request, requestURI: String?)? {
        var parameters = Parameters()
        guard FastCGIParameters.forEachPair(in: stream, { parameters.add(name: $0, value: $1) }) else { return nil }
        return (parameters.request, parameters.requestURI)
    }

    /// The request in `NAME=value` pairs, e.g. a CGI program's process environment.
    public static func request(from pairs: some Sequence<(name: String, value: String)>) -> Request {
        var parameters = Parameters()
        for (name, value) in pairs {
            Array(name.utf8).withUnsafeBytes { name in
                Array(value.utf8).withUnsafeBytes { parameters.add(name: name, value: $0) }
            }
        }
        return parameters.request
    }

    /// The header a CGI parameter carries, `HTTP_X_ORIGINAL_URI` → `x-original-uri`; nil for other parameters.
    static func headerName(of parameter: some Collection<UInt8>) -> String? {
        let prefix = "HTTP_".utf8
        guard parameter.starts(with: prefix), parameter.count > prefix.count else { return nil }
        let name = parameter.dropFirst(prefix.count).map { byte -> UInt8 in
            switch byte {
            case UInt8(ascii: "_"): UInt8(ascii: "-")
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The parameters a request is made of, collected in one pass.
    private struct Parameters {
        var headers: [String: String] = [:]
        var method: String?
        var documentURI: String?
        var scriptName: String?
        var pathInfo: String?
        var query: String?
        var requestURI: String?

        mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
            let value = String(decoding: value, as: UTF8.self)
            if let header = CGIEnvironment.headerName(of: name) {
                if headers[header] == nil { headers[header] = value }
                return
            }
            switch String(decoding: name, as: UTF8.self) {
            case "REQUEST_METHOD": method = method ?? value
            case "DOCUMENT_URI": documentURI = documentURI ?? value
            case "SCRIPT_NAME": scriptName = scriptName ?? value
            case "PATH_INFO": pathInfo = pathInfo ?? value
            case "QUERY_STRING": query = query ?? value
            case "REQUEST_URI": requestURI = requestURI ?? value
            default: break
            }
        }

        /// In an `auth_request` subrequest `REQUEST_URI` is the main request's; `DOCUMENT_URI` is the subrequest's own.
        /// `DOCUMENT_URI` is decoded, so it is taken whole as the path: a `%3F` in the address must not start a query
        /// here, or `/.auth/check%3F`, which no `internal` location matches, would reach the check.
        var request: Request {
            let path = documentURI ?? scriptName.map { $0 + (pathInfo ?? "") } ?? "/"
            return Request(method: method ?? "GET", path: path, query: query ?? "", headers: headers)
        }
    }
}
