@testable import EntraAuth

/// The `Cookie` header parser every auth check runs.
///
/// Properties: every parsed name is non-empty and holds no `=` or `;`, no value holds a `;`, neither starts or ends
/// with a space or tab, and writing the cookies back as `name=value; …` parses to the same cookies.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCookieHeader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let header = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let cookies = Cookies(header: header)
    for (name, value) in cookies.all {
        check(!name.isEmpty, "an empty cookie name", header)
        check(!name.utf8.contains(UInt8(ascii: "=")) && !name.utf8.contains(UInt8(ascii: ";")), "name \(name)", header)
        check(!value.utf8.contains(UInt8(ascii: ";")), "value \(value)", header)
        for text in [Substring(name), value] {
            check(!isBlank(text.utf8.first) && !isBlank(text.utf8.last), "untrimmed '\(text)'", header)
        }
    }
    let written = cookies.all.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    let again = Cookies(header: written).all
    check(
        again.map(\.name) == cookies.all.map(\.name) && again.map(\.value) == cookies.all.map(\.value),
        "cookies written back as \(written.debugDescription) parse differently", header)
    return 0
}

private func isBlank(_ byte: UInt8?) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}

private func check(_ condition: Bool, _ problem: @autoclosure () -> String, _ header: String) {
    if !condition { fatalError("Cookies(header: \(header.debugDescription)): \(problem())") }
}
