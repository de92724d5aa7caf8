import EntraAuth
import Foundation

@testable import AuthServing

/// FastCGI parameters → `Request`, as every request a web server sends is read: the input is an `FCGI_PARAMS`
/// stream of name-value pairs, whose lengths a stranger chooses. The same bytes are read as an `FCGI_GET_VALUES`
/// record's content, which is answered where it comes.
///
/// Properties: header names are lowercase with `-` for `_`; when every name and value is valid UTF-8, the CGI entry
/// point (`NAME=value` pairs from a process environment) reads the same request; and the answer to `FCGI_GET_VALUES`
/// holds each of the three values at most once, however often the input names them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCGIParameters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let stream = UnsafeRawBufferPointer(start: data, count: size)
    func check(_ condition: Bool, _ problem: String) {
        if !condition { fatalError("\(Array(stream)): \(problem)") }
    }
    let management = FastCGIRecords.management(kind: FastCGIRecords.Kind.getValues, content: stream, connections: 4)
    check((management?.count ?? 0) <= 80, "an FCGI_GET_VALUES answer of \(management?.count ?? 0) bytes")

    guard let request = CGIEnvironment.request(fromFastCGI: stream) else { return 0 }
    for name in request.headers.keys {
        check(
            !name.utf8.contains { $0 == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) },
            "header name \(name.debugDescription)")
    }
    _ = request.cookies

    var pairs: [(name: String, value: String)] = []
    var valid = true
    FastCGIParameters.forEachPair(in: stream) { name, value in
        guard let name = String(validating: name, as: UTF8.self), let value = String(validating: value, as: UTF8.self)
        else {
            valid = false
            return
        }
        pairs.append((name, value))
    }
    guard valid else { return 0 }
    let again = CGIEnvironment.request(from: pairs)
    check(
        again.method == request.method && again.path == request.path && again.query == request.query
            && again.headers == request.headers,
        "the CGI entry point reads another request")
    return 0
}
