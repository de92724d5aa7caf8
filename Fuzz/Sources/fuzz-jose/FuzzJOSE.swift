import Foundation

@testable import EntraAuth

/// The JOSE layer an ID token passes before its signature is checked: the compact serialization (`CompactJWS`),
/// the protected header (`JOSEHeader`) and the JSON values of header and claims (`JSONValue`).
///
/// The input is read as a token, and as JSON on its own. Property: a JSON value encodes to JSON that decodes to the
/// same value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJOSE(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    if let token = try? CompactJWS(String(decoding: input, as: UTF8.self)) {
        _ = try? token.claims()
    }
    guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(input)) else { return 0 }
    guard let encoded = try? JSONEncoder().encode(value) else {
        fatalError("a decoded JSON value cannot be encoded: \(value)")
    }
    guard let again = try? JSONDecoder().decode(JSONValue.self, from: encoded), again == value else {
        fatalError("JSON value \(value) encoded as \(String(decoding: encoded, as: UTF8.self)) does not decode back")
    }
    return 0
}
