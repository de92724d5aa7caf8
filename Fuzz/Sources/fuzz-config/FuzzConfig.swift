@testable import EntraAuth
@testable import SiteBuilder

/// The two TOML files a deployment is configured by: the `[auth]` table of `sitegen-auth`'s config
/// (`AuthConfig.load`, which also checks every setting) and the site's `site.toml` (`SiteConfig`). Both go through
/// TOMLKit (toml++). A bad file must give an error message, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? AuthConfig.load(text: text, file: "/nonexistent/sitegen-fuzz/auth.toml")
    _ = SiteConfig.parse(text, file: "site.toml")
    return 0
}
