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
    check(path.hasPrefix("/"), "does not start with /")
    for piece in ["//", "/./", "/../", "%2F", "%2f"] { check(!path.contains(piece), "holds \(piece)") }
    check(!path.hasSuffix("/.") && !path.hasSuffix("/.."), "ends in a dot segment")
    check(RequestPath.normalize(path) == path, "normalizes again to \(String(describing: RequestPath.normalize(path)))")
    return 0
}
