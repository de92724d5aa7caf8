import EntraAuth
import Testing

@testable import HTTPServing

/// How a request over HTTP becomes the router's `Request`, and how the check answers forward auth.
struct ForwardAuthTests {
    /// Answers with a fixed status and `headers`, and records the original URI it was asked about.
    struct Fixed: Endpoint {
        let status: Int
        var headers: [(name: String, value: String)] = []
        func respond(to request: Request) -> Response {
            Response(
                status: status,
                headers: [("X-Auth-User", "u1"), ("X-Seen-URI", request.headers["x-original-uri"] ?? "none")]
                    + headers)
        }
    }

    static func router(check status: Int, signIn location: String = "/.auth/login?rd=%2Fteam%2F") -> Router {
        ForwardAuth.router(
            over: Router(routes: [
                "/.auth/check": Router.Route(Fixed(status: status)),
                "/.auth/sign-in-required": Router.Route(Fixed(status: 302, headers: [("Location", location)])),
                "/.auth/me": Router.Route(Fixed(status: 200)),
            ]),
            origin: "https://site.example")
    }

    static func check(_ headers: [(name: String, value: String)]) -> Request {
        ForwardAuth.request(method: "GET", target: "/.auth/check", headers: headers)
    }

    @Test func theOriginalURIComesFromXForwardedUriNeverFromTheReader() {
        let spoofed = Self.check([("X-Original-URI", "/public/"), ("X-Forwarded-Uri", "/secret/a.html?x=1")])
        #expect(spoofed.headers["x-original-uri"] == "/secret/a.html?x=1")
        let withoutForwarded = Self.check([("X-Original-URI", "/public/")])
        #expect(withoutForwarded.headers["x-original-uri"] == nil)
    }

    @Test func repeatedFieldsAreJoinedCookiesWithSemicolons() {
        let request = Self.check([
            ("Cookie", "a=1"), ("cookie", "__Host-session=s"), ("Accept", "text/html"), ("accept", "*/*"),
        ])
        #expect(request.headers["cookie"] == "a=1; __Host-session=s")
        #expect(request.cookies["__Host-session"] == "s")
        #expect(request.headers["accept"] == "text/html, */*")
    }

    @Test func allowedAndForbiddenAnswersPassAsTheCheckGivesThem() {
        for status in [204, 403] {
            let answer = Self.router(check: status).respond(to: Self.check([("X-Forwarded-Uri", "/a/")]))
            #expect(answer.status == status)
            #expect(answer.header("X-Auth-User") == "u1")
            #expect(answer.header("X-Seen-URI") == "/a/")
        }
    }

    @Test func signInRequiredBecomesTheSignInAnswerForTheSamePage() {
        let answer = Self.router(check: 401).respond(to: Self.check([("X-Forwarded-Uri", "/team/")]))
        #expect(answer.status == 302, "what /.auth/sign-in-required answers")
        #expect(answer.header("X-Seen-URI") == "/team/")
        // Traefik resolves a relative Location against the address it asked sitegen-auth at.
        #expect(answer.header("Location") == "https://site.example/.auth/login?rd=%2Fteam%2F")
        for location in ["https://elsewhere.example/x", "//elsewhere.example/x"] {
            let kept = Self.router(check: 401, signIn: location).respond(to: Self.check([("X-Forwarded-Uri", "/")]))
            #expect(kept.header("Location") == location, "only a path is put on the site's origin")
        }
    }

    @Test func aCheckWithoutXForwardedUriFailsClosed() {
        for headers in [[], [("X-Original-URI", "/public/")], [("X-Forwarded-Uri", "")]] {
            let answer = Self.router(check: 204).respond(to: Self.check(headers))
            #expect(answer.status == 500)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("X-Forwarded-Uri is missing"))
        }
    }

    @Test func otherRoutesAreTheRoutersOwn() {
        let router = Self.router(check: 401)
        #expect(router.respond(to: ForwardAuth.request(method: "GET", target: "/.auth/me", headers: [])).status == 200)
        #expect(router.respond(to: ForwardAuth.request(method: "GET", target: "/nothing", headers: [])).status == 404)
    }
}
