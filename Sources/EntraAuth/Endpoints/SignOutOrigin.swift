/// Whether a sign-out request came from this site's own pages, or from the reader typing the address.
///
/// `Sec-Fetch-Site` decides when the browser sends it (`same-origin` or `none`). Older browsers, and proxies that
/// strip it, leave `Origin` and then `Referer` to compare with the site's origin. A request with none of the three
/// could come from anywhere, so it is not this site's.
struct SignOutOrigin {
    /// `https://site.example` (with the port when not the default), from the redirect URI.
    let siteOrigin: String

    func isThisSite(_ request: Request) -> Bool {
        if let site = request.headers["sec-fetch-site"] { return site == "same-origin" || site == "none" }
        if let origin = request.headers["origin"] { return origin == siteOrigin }
        if let referer = request.headers["referer"] {
            return referer == siteOrigin || referer.hasPrefix(siteOrigin + "/")
        }
        return false
    }
}
