/// The one place cookie names and attributes are decided for every cookie sitegen-auth sets.
///
/// Over https a cookie is `__Host-` prefixed and `Secure` (so only this host, over TLS, on path `/`, can set or
/// read it); on a loopback http site (local testing) it can be neither. Always `HttpOnly` and `SameSite=Lax`.
enum CookieAttributes {
    /// `__Host-name` over https, `name` otherwise.
    static func name(_ base: String, secureSite: Bool) -> String {
        (secureSite ? "__Host-" : "") + base
    }

    /// What follows the value in `Set-Cookie`, before `Max-Age`.
    static func suffix(secureSite: Bool) -> String {
        "; Path=/; HttpOnly; SameSite=Lax" + (secureSite ? "; Secure" : "")
    }
}
