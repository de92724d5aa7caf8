extension ServerIncludes {
    /// The problem with page HTML made by `template` for this server when it holds a Server Side Include the
    /// server would not run: with `includes = "none"` every reader would get the directive as it is, with the
    /// links and names inside it. The theme's own templates write none then; a site's overriding template may.
    func problem(inHTML html: String, file: String, template: String) -> Problem? {
        guard !writesSSI, let line = ContentSSI.lines(in: html).first else { return nil }
        return Problem(
            file: file,
            message: "the page made by the template '\(template)' holds a Server Side Include ('\(ContentSSI.opener)' "
                + "on its line \(line)), but site.toml says [server] includes = \"none\": the server would send it "
                + "to every reader as it is; write it only inside {{#site.ssi}}…{{/site.ssi}} in your templates")
    }
}
