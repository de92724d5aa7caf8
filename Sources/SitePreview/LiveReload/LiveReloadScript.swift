import Foundation

/// What `sitegen serve` adds to every HTML page it serves, and only there (never to the output of
/// `sitegen build`): the small script that reloads the tab when the site is rebuilt, and after a
/// failed build the overlay listing its errors over the last good page.
///
/// The script is a file of its own (`/.sitegen-serve/reload.js`), so a strict Content-Security-Policy
/// (`script-src 'self'`) allows it. A tab listens only while it is visible: browsers allow six
/// connections per server, and each listening tab holds one.
public enum LiveReloadScript {
    public static let scriptPath = "/.sitegen-serve/reload.js"
    public static let eventsPath = "/.sitegen-serve/events"
    public static let overlayStylePath = "/.sitegen-serve/overlay.css"

    /// `html` with the script tag before `</head>` (or `</body>`, or at the end) and, when `errors` is not
    /// empty, the overlay before `</body>`, saying whether `html` is `overLastGoodBuild` or no build is yet.
    public static func inject(into html: String, build: String, errors: [String], overLastGoodBuild: Bool)
        -> String
    {
        var html = html
        let tag = "<script src=\"\(scriptPath)\" data-build=\"\(build.attributeEscaped)\" defer></script>\n"
        insert(tag, into: &html, before: ["</head>", "</body>"])
        if !errors.isEmpty {
            insert(
                ErrorOverlay.html(errors: errors, overLastGoodBuild: overLastGoodBuild), into: &html,
                before: ["</body>"])
        }
        return html
    }

    private static func insert(_ text: String, into html: inout String, before markers: [String]) {
        for marker in markers {
            if let range = html.range(of: marker, options: [.backwards, .caseInsensitive]) {
                html.insert(contentsOf: text, at: range.lowerBound)
                return
            }
        }
        html += text
    }

    /// The script: listens for builds while the tab is visible, reloads when the build is not the page's,
    /// keeps the scroll position across the reload, and hides the overlay on request.
    public static let script = """
        // sitegen serve: reload this tab when the site is rebuilt (server-sent events).
        (() => {
          const built = document.currentScript.dataset.build;
          const scrollKey = "sitegen-serve-scroll " + location.pathname;
          const saved = sessionStorage.getItem(scrollKey);
          if (saved !== null) {
            sessionStorage.removeItem(scrollKey);
            addEventListener("load", () => scrollTo(0, Number(saved)));
          }
          let source = null;
          const listen = () => {
            source = new EventSource("\(eventsPath)");
            source.addEventListener("build", (event) => {
              if (event.data === built) return;
              sessionStorage.setItem(scrollKey, String(scrollY));
              source.close();
              location.reload();
            });
          };
          document.addEventListener("visibilitychange", () => {
            if (document.hidden && source) {
              source.close();
              source = null;
            } else if (!document.hidden && !source) {
              listen();
            }
          });
          if (!document.hidden) listen();
          document.addEventListener("click", (event) => {
            if (event.target.closest("#sitegen-serve-overlay button")) {
              document.getElementById("sitegen-serve-overlay").remove();
            }
          });
        })();

        """
}

extension String {
    fileprivate var attributeEscaped: String {
        ServerSideIncludes.entityEncoded(self)
    }
}
