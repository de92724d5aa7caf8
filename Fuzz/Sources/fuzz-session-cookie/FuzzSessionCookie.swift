import Foundation

@testable import EntraAuth

/// The session cookie as every auth check opens it: base64url, the format byte, AES-256-GCM under the site's keys,
/// then the sealed pointer's JSON (session id and end) and its expiry.
///
/// Random bytes almost never pass AES-GCM, so each input is tried twice: as the cookie's value, and sealed under the
/// site's keys as the plaintext, which takes it through the pointer's JSON decoding behind the seal. Property: a sealed value
/// short enough to be accepted opens to exactly its plaintext (sitegen-auth never seals an empty one, nor opens it).
private let sealer = CookieSealer(
    secrets: [Array(repeating: 0x5A, count: 48)], purpose: "session", clientID: "fuzz-client",
    origin: "https://docs.example.com",
    authority: "https://login.microsoftonline.com/contoso.example/v2.0/.well-known/openid-configuration")
private let sessionCookie = SessionCookie(sealer: sealer, secureSite: true)
private let now = Date(timeIntervalSince1970: 1_800_000_000)

/// A fixed nonce: the fuzzer needs the same input to take the same path every time.
private struct FixedRandom: RandomSource {
    func bytes(_ count: Int) -> [UInt8] { Array(repeating: 1, count: count) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSessionCookie(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let asValue = String(decoding: input, as: UTF8.self)
    _ = sessionCookie.pointer(in: Cookies(header: "\(sessionCookie.name)=\(asValue)"), now: now)

    let sealed = sealer.seal(input, cookieName: sessionCookie.name, random: FixedRandom())
    if !input.isEmpty, sealed.utf8.count < 8192, sealer.open(Substring(sealed), cookieName: sessionCookie.name) != input
    {
        fatalError("a value sealed by the session sealer did not open to its plaintext")
    }
    _ = sessionCookie.pointer(in: Cookies(header: "\(sessionCookie.name)=\(sealed)"), now: now)
    return 0
}
