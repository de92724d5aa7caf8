/// What the web server serving the site runs in its pages, as `[server] includes` in `site.toml` sets it:
/// the build writes the theme's greeting and its per-reader links in that server's language, or, for a
/// server that runs none, writes no include at all and leaves out every link some reader of the page may
/// not open.
public enum ServerIncludes: String, Sendable, CaseIterable {
    /// nginx's Server Side Includes (`ssi on` in the production snippet): the greeting and every link
    /// guarded by a condition on the variables nginx sets from sitegen-auth's answer. The default.
    case nginx
    /// No includes (Apache without them, lighttpd, Caddy, Traefik, plain CGI): a page links only the pages
    /// every one of its readers may open, and the site's own script greets the reader from `/.auth/me`.
    case none

    /// Whether pages carry nginx Server Side Includes.
    var writesSSI: Bool {
        self == .nginx
    }
}
