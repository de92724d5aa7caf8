import AuthServing
import EntraAuth
import Foundation

/// FastCGI parameters → `Request`, as every request nginx sends is read: the input is the parameter block, one
/// `NAME=value` entry per NUL-terminated piece, handed over as libfcgi does (a NULL-terminated `envp`).
///
/// Properties: header names are lowercase with `-` for `_`; and when every entry is valid UTF-8, the CGI entry point
/// (`NAME=value` pairs from a process environment) reads the same request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCGIParameters(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let entries = UnsafeBufferPointer(start: data, count: size).split(separator: 0, omittingEmptySubsequences: true)
    var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { entry in
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: entry.count + 1)
        for (offset, byte) in entry.enumerated() { copy[offset] = CChar(bitPattern: byte) }
        copy[entry.count] = 0
        return copy
    }
    pointers.append(nil)
    defer { for pointer in pointers { pointer?.deallocate() } }
    guard let request = pointers.withUnsafeMutableBufferPointer({ CGIEnvironment.request(from: $0.baseAddress) })
    else { return 0 }

    func check(_ condition: Bool, _ problem: String) {
        if !condition { fatalError("\(entries.map { Array($0) }): \(problem)") }
    }
    for name in request.headers.keys {
        check(
            !name.utf8.contains { $0 == UInt8(ascii: "_") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) },
            "header name \(name.debugDescription)")
    }
    _ = request.cookies

    guard entries.allSatisfy({ String(validating: Array($0), as: UTF8.self) != nil }) else { return 0 }
    let pairs = entries.compactMap { entry -> (name: String, value: String)? in
        guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        return (
            String(decoding: entry[..<equals], as: UTF8.self), String(decoding: entry[(equals + 1)...], as: UTF8.self)
        )
    }
    let again = CGIEnvironment.request(from: pairs)
    check(
        again.method == request.method && again.path == request.path && again.query == request.query
            && again.headers == request.headers,
        "the CGI entry point reads another request")
    return 0
}
