import AccessRules
import Foundation
import SiteBuilder
import Testing

@testable import SitePreview

@Suite("The preview's answers")
struct RouterTests {
    @Test("A page is served with its includes evaluated for the reader and the live-reload script added")
    func page() throws {
        let site = try PreviewSite()
        let router = PreviewSite.router(.everyone, try site.built())
        let (status, body, response) = router.get("/guide/setup/")
        #expect(status == 200 && response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        #expect(body.contains("SETUP-TEXT") && !body.contains("<!--#"))
        #expect(body.contains(#"<span class="user-name">Preview reader</span>"#))
        #expect(body.contains(#"<script src="/.sitegen-serve/reload.js" data-build="b1" defer></script>"#))
        #expect(body.contains(">Finance</a>"), "every rule satisfied: the restricted section is in the nav")
        #expect(!body.contains("sitegen-serve-overlay"))
    }

    @Test("sitegen build never writes the live-reload script into the site")
    func buildOutputHasNoScript() throws {
        let site = try PreviewSite()
        _ = try site.built()
        let folder = site.root + "/public"
        let pages = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".html") }
        #expect(
            Set(["index.html", "guide/index.html", "guide/setup/index.html", "finance/index.html"]).isSubset(of: pages))
        for path in pages {
            let html = try String(contentsOfFile: folder + "/" + path, encoding: .utf8)
            #expect(!html.contains("sitegen-serve"), "\(path)")
        }
    }

    @Test("An anonymous reader sees public pages, a sign-in note for the others, and no restricted nav entries")
    func anonymous() throws {
        let site = try PreviewSite()
        let router = PreviewSite.router(try PreviewReader(parsing: "anonymous"), try site.built())
        let home = router.get("/")
        #expect(home.status == 200 && !home.body.contains(">Finance</a>") && home.body.contains(">Sign in</a>"))
        let guide = router.get("/guide/")
        #expect(guide.status == 401 && guide.body.contains("Sign-in required") && !guide.body.contains("GUIDE-TEXT"))
        #expect(router.get("/missing/").status == 401, "unknown paths ask for sign-in, as nginx would")
    }

    @Test("A signed-in reader without the role gets the theme's 403 page naming what is needed; with it, the page")
    func forbidden() throws {
        let site = try PreviewSite()
        let state = try site.built()
        let refused = PreviewSite.router(try PreviewReader(parsing: "signed-in"), state).get("/finance/")
        #expect(refused.status == 403 && !refused.body.contains("FINANCE-TEXT"))
        #expect(
            refused.body.contains("This page needs <strong>the app role Finance.Read</strong>"), "as sitegen-auth says")
        // Groups, people and addresses a rule names stay unnamed, as on the real site.
        try site.write(
            "---\naccess: { roles: [HR.Read], groups: [5f1c0000-0000-4000-8000-000000000001], "
                + "emails: [ceo@contoso.example] }\n---\nPAY\n", to: "site/pay.md")
        let pay = PreviewSite.router(try PreviewReader(parsing: "signed-in"), try site.built()).get("/pay/")
        #expect(pay.status == 403 && !pay.body.contains("5f1c0000") && !pay.body.contains("ceo@contoso.example"))
        #expect(pay.body.contains("the app role HR.Read, or membership of a group the site names"), "\(pay.body)")
        let allowed = PreviewSite.router(try PreviewReader(parsing: "role:Finance.Read"), state).get("/finance/")
        #expect(allowed.status == 200 && allowed.body.contains("FINANCE-TEXT"))
    }

    @Test("Search in the preview: the field gets the reader's rules, and a part of the index only its rule's readers")
    func search() throws {
        let site = try PreviewSite()
        let state = try site.built()
        let data = try Data(contentsOf: URL(fileURLWithPath: site.root + "/public/" + AccessManifest.relativePath))
        let manifest = try JSONDecoder().decode(AccessManifest.self, from: data)
        let ruleID = { (path: String) in manifest.paths[path].map { manifest.rules[$0.rule].id } }
        let (open, finance) = (try #require(ruleID("/")), try #require(ruleID("/finance/")))
        let part = "/_search/\(finance)/0/"

        let anonymous = PreviewSite.router(try PreviewReader(parsing: "anonymous"), state)
        let home = anonymous.get("/")
        #expect(home.body.contains("data-search-access=',\(open),'"), "the SSI echo is filled in for the reader")
        #expect(anonymous.get(part + "index.json").status == 401)
        #expect(anonymous.get("/_search/\(open)/0/index.json").status == 200)

        let signedIn = PreviewSite.router(try PreviewReader(parsing: "signed-in"), state)
        #expect(signedIn.get(part + "p/0.json").status == 403)

        let holder = PreviewSite.router(try PreviewReader(parsing: "role:Finance.Read"), state)
        let index = holder.get(part + "index.json")
        #expect(index.status == 200 && index.body.contains(#""pages":1"#))
        #expect(holder.get(part + "p/0.json").body.contains("FINANCE-TEXT"))
    }

    @Test("Missing paths get the theme's 404 page; the access manifest is never served; folders get their slash")
    func notFoundAndRedirects() throws {
        let site = try PreviewSite()
        let router = PreviewSite.router(.everyone, try site.built())
        let missing = router.get("/nothing/here/")
        #expect(missing.status == 404 && missing.body.contains("Page not found"))
        #expect(router.get("/.sitegen/access.json").status == 404)
        let folder = router.get("/guide?x=1")
        #expect(folder.status == 301 && folder.response.header("Location") == "/guide/?x=1")
        let text = router.get("/files/notes.txt")
        #expect(text.status == 200 && text.body == "plain text")
        #expect(text.response.header("Content-Type") == "text/plain; charset=utf-8")
        let style = router.get("/assets/theme.css")
        #expect(style.status == 200 && !style.body.contains("sitegen-serve"))
    }

    @Test("Pages and files whose names hold %, ?, #, spaces or accents are served from the files the build wrote")
    func oddNames() throws {
        let site = try PreviewSite()
        try site.write("---\ntitle: Hundred\naccess: public\n---\nHUNDRED-TEXT\n", to: "site/100%/index.md")
        try site.write("---\ntitle: Q\naccess: public\n---\nQUESTION-TEXT\n", to: "site/q?a #1/index.md")
        try site.write("---\ntitle: Café\naccess: public\n---\nCAFE-TEXT\n", to: "site/été/café.md")
        try site.write("percent", to: "site/100%/x 1.txt")
        let router = PreviewSite.router(try PreviewReader(parsing: "anonymous"), try site.built())
        #expect(router.get("/100%25/").body.contains("HUNDRED-TEXT"))
        #expect(router.get("/q%3Fa%20%231/").body.contains("QUESTION-TEXT"))
        #expect(router.get("/%C3%A9t%C3%A9/caf%C3%A9/").body.contains("CAFE-TEXT"))
        #expect(router.get("/100%25/x%201.txt").body == "percent")
        let folder = router.get("/q%3Fa%20%231?x=1")
        #expect(folder.status == 301 && folder.response.header("Location") == "/q%3Fa%20%231/?x=1")
        #expect(router.get("/%C3%A9t%C3%A9/caf%C3%A9").response.header("Location") == "/%C3%A9t%C3%A9/caf%C3%A9/")
    }

    @Test("After a failed build every page shows the errors over the last good build")
    func overlay() throws {
        let site = try PreviewSite()
        let error = "site/guide/setup.md:2: front matter: 'weight' must be a number"
        let router = PreviewSite.router(.everyone, try site.built(errors: [error]))
        let (_, body, _) = router.get("/guide/setup/")
        #expect(body.contains("SETUP-TEXT"))
        #expect(body.contains(#"<div id="sitegen-serve-overlay" role="alert">"#))
        #expect(body.contains("<code>site/guide/setup.md:2: front matter: &#39;weight&#39; must be a number</code>"))
        #expect(body.contains("The build failed with 1 error; this is the last good build of the page."))
        #expect(router.get(LiveReloadScript.overlayStylePath).status == 200)
    }

    @Test("Before any good build, every page says so and lists the errors")
    func noBuildYet() {
        let state = PreviewState(
            outputFolder: "/nonexistent", build: "b1", policy: nil, errors: ["x.md:1: bad"])
        let (status, body, _) = PreviewSite.router(.everyone, state).get("/")
        #expect(status == 503 && body.contains("x.md:1: bad") && body.contains(LiveReloadScript.scriptPath))
        #expect(body.contains("The build failed with 1 error; nothing has been built yet."))
        #expect(!body.contains("last good build"))
    }

    @Test("Requests for another host, other methods and sign-in paths are answered as the preview does")
    func refusals() throws {
        let site = try PreviewSite()
        let router = PreviewSite.router(.everyone, try site.built())
        #expect(router.get("/", host: "attacker.example:8000").status == 421)
        #expect(router.get("/", host: "localhost:8000").status == 200)
        #expect(
            router.handle(HTTPRequest(method: "POST", target: "/", headers: ["Host": "127.0.0.1:8000"])).status == 405)
        let signIn = router.get("/.auth/login?rd=/guide/")
        #expect(signIn.status == 200 && signIn.body.contains("not part of the preview"))
        #expect(router.get(LiveReloadScript.scriptPath).body.contains("EventSource"))
    }
}
