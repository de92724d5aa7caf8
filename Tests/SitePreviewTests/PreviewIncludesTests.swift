import Foundation
import SiteBuilder
import Testing

@testable import SitePreview

@Suite("The preview of a site built for a server without includes")
struct PreviewIncludesTests {
    private static func noneSite() throws -> PreviewSite {
        let site = try PreviewSite()
        try site.write(PreviewSite.pages["site.toml"]! + "[server]\nincludes = \"none\"\n", to: "site/site.toml")
        return site
    }

    @Test("Pages are served as such a server serves them: no includes run, links only what every reader may open")
    func servedAsIs() throws {
        let site = try Self.noneSite()
        let state = try site.built()
        #expect(state.includes == .none)
        // A file with an include, put into the output behind the build's back, reaches the reader untouched.
        try site.write(#"<p><!--# echo var="sitegen_name" default="" --></p>"#, to: "public/raw.html")
        let router = PreviewSite.router(.everyone, state)
        #expect(router.get("/raw.html").body.contains(#"<!--# echo var="sitegen_name" default="" -->"#))
        let home = router.get("/")
        #expect(home.status == 200 && !home.body.contains("<!--#"))
        #expect(!home.body.contains(">Finance</a>"), "the public home page links no restricted page, even for all")
        #expect(home.body.contains(#"data-auth-me="/.auth/me">Sign in</a>"#))
        #expect(router.get("/guide/setup/").body.contains(#"<a href="/guide/">Guide</a>"#))
    }

    @Test("The same file is evaluated when the site is built for nginx")
    func nginxEvaluated() throws {
        let site = try PreviewSite()
        let state = try site.built()
        #expect(state.includes == .nginx)
        try site.write(#"<p><!--# echo var="sitegen_name" default="" --></p>"#, to: "public/raw.html")
        #expect(PreviewSite.router(.everyone, state).get("/raw.html").body.contains("<p>Preview reader</p>"))
    }

    @Test("/.auth/me answers as sitegen-auth does for the previewed reader: 401 anonymous, else the user as JSON")
    func me() throws {
        let site = try Self.noneSite()
        let state = try site.built()
        let anonymous = PreviewSite.router(try PreviewReader(parsing: "anonymous"), state).get("/.auth/me")
        #expect(anonymous.status == 401 && anonymous.response.header("Content-Type") == "application/json")
        let reader = try PreviewReader(parsing: "role:Finance.Read,email:ann@example.com")
        let signedIn = PreviewSite.router(reader, state).get("/.auth/me")
        #expect(signedIn.status == 200 && signedIn.response.header("Cache-Control") == "no-store")
        let user = try #require(
            try JSONSerialization.jsonObject(with: Data(signedIn.body.utf8)) as? [String: Any])
        #expect(user["name"] as? String == "Preview reader (role:Finance.Read,email:ann@example.com)")
        #expect(user["roles"] as? [String] == ["Finance.Read"])
        #expect(user["email"] as? String == "ann@example.com")
        #expect(PreviewSite.router(.everyone, state).get("/.auth/me").status == 200)
        #expect(PreviewSite.router(.everyone, state).get("/.auth/login").body.contains("not part of the preview"))
    }
}
