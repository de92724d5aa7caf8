import TextTools

/// The panel `sitegen serve` lays over a page after a failed build: every error as `file:line: message`,
/// and what the page below is: the last good build of the page, or, before any build succeeded, nothing built.
/// Styled by its own stylesheet, so it looks the same over any theme and needs no inline style.
public enum ErrorOverlay {
    static func html(errors: [String], overLastGoodBuild: Bool) -> String {
        let items = errors.map { "<li><code>\($0.htmlEscaped)</code></li>" }.joined()
        let noun = errors.count == 1 ? "error" : "errors"
        let below = overLastGoodBuild ? "this is the last good build of the page" : "nothing has been built yet"
        return """
            <link rel="stylesheet" href="\(LiveReloadScript.overlayStylePath)">
            <div id="sitegen-serve-overlay" role="alert"><div class="sitegen-serve-panel">\
            <p class="sitegen-serve-title">The build failed with \(errors.count) \(noun); \(below).</p>\
            <ol>\(items)</ol><p>Fix the file and save it: this tab reloads by itself.</p>\
            <button type="button">Hide</button></div></div>

            """
    }

    public static let style = """
        #sitegen-serve-overlay { position: fixed; inset: auto 0 0 0; z-index: 2147483647; padding: 1rem;
          font: 14px/1.5 system-ui, sans-serif; }
        #sitegen-serve-overlay .sitegen-serve-panel { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem;
          background: #2b0b0b; color: #fde8e8; border: 2px solid #e5484d; border-radius: 8px;
          box-shadow: 0 8px 32px rgb(0 0 0 / 40%); max-height: 50vh; overflow: auto; }
        #sitegen-serve-overlay .sitegen-serve-title { margin: 0 0 .5rem; font-weight: 600; }
        #sitegen-serve-overlay ol { margin: 0 0 .5rem; padding-left: 1.5rem; }
        #sitegen-serve-overlay code { font: 13px/1.4 ui-monospace, monospace; white-space: pre-wrap;
          color: #ffd7d7; background: none; border: 0; padding: 0; }
        #sitegen-serve-overlay p { margin: .25rem 0; }
        #sitegen-serve-overlay button { font: inherit; color: inherit; background: #5a1d1d;
          border: 1px solid #e5484d; border-radius: 4px; padding: .25rem .75rem; cursor: pointer; }

        """
}
