extension Response {
    /// The response with `Clear-Site-Data: "cache"`, which empties the browser's cache of this site, so protected
    /// pages and files do not stay on the disk of a shared computer: sign-out sends it, and so does the first
    /// answer to a cookie whose session has ended. (Pages kept in the back/forward cache are reloaded by the
    /// theme's script.)
    func forgettingPages() -> Response {
        var copy = self
        copy.headers.append(("Clear-Site-Data", "\"cache\""))
        return copy
    }
}
