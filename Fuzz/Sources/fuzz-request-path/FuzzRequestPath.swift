import AccessRules

/// `RequestPath.normalize`, which maps every request URI to the path its access rule is looked up by.
///
/// Properties of a path it accepts: it starts with `/`; holds no `//`, `/./`, `/../` (nor ends in `/.` or `/..`) and
/// no raw `%2F`, which could name another file once decoded again; and normalizing it again gives it back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestPath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let uri = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let path = RequestPath.normalize(uri) else { return 0 }
    func check(_ condition: Bool, _ problem: String) {
        if !condition { fatalError("normalize(\(uri.debugDescription)) = \(path.debugDescription): \(problem)") }
    }
    // On bytes: String compares characters, and "/" followed by a combining mark is another character.
    let bytes = Array(path.utf8)
    check(bytes.first == UInt8(ascii: "/"), "does not start with /")
    for piece in ["//", "/./", "/../", "%2F", "%2f"] { check(!bytes.holds(Array(piece.utf8)), "holds \(piece)") }
    for end in ["/.", "/.."] { check(!bytes.reversed().starts(with: end.utf8.reversed()), "ends in \(end)") }
    check(RequestPath.normalize(path) == path, "normalizes again to \(String(describing: RequestPath.normalize(path)))")
    return 0
}

extension [UInt8] {
    fileprivate func holds(_ piece: [UInt8]) -> Bool {
        guard count >= piece.count else { return false }
        return (0...(count - piece.count)).contains { self[$0..<($0 + piece.count)].elementsEqual(piece) }
    }
}
