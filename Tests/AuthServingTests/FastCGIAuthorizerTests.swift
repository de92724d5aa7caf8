import EntraAuth
import Foundation
import Testing

@testable import AuthServing

/// FastCGI's Authorizer role, spoken to over a unix socket byte by byte as Apache's mod_authnz_fcgi does (parameters,
/// no `FCGI_STDIN`, the connection left open until the answer): the request asked about reaches the check through
/// the router, and the check's answer comes back as the Authorizer's 200 with `Variable-*` headers, the sign-in
/// answer, or a refusal without identity headers.
@Suite(.serialized) struct FastCGIAuthorizerTests {
    /// Stands in for the auth check: allows `/open`, asks `/closed` to sign in, refuses `/forbidden`, and has no
    /// manifest for `/broken`; always with the identity headers the real check sends.
    struct Check: Endpoint {
        func respond(to request: Request) -> Response {
            let identity: [(name: String, value: String)] = [
                ("Cache-Control", "no-store"), ("X-Auth-Access", ",dzotypzq,wtehfewa,"), ("X-Auth-User", "oid-1"),
                ("X-Auth-Name", "Ann Lee"), ("X-Auth-Roles", "Finance.Read"), ("X-Accel-Expires", "0"),
            ]
            switch request.headers["x-original-uri"] {
            case "/open?x=1": return Response(status: 204, headers: identity + [("X-Auth-Restricted", "1")])
            case "/closed": return Response(status: 401, headers: identity)
            case "/forbidden":
                return Response(status: 403, headers: identity + [("X-Auth-Required", "Finance.Read")])
            case "/broken": return .text(503, "No access manifest is loaded")
            default: return .text(500, "unexpected \(request.headers["x-original-uri"] ?? "nothing")")
            }
        }
    }

    /// Stands in for `/.auth/sign-in-required`: a redirect naming the path it was given.
    struct SignInRequired: Endpoint {
        func respond(to request: Request) -> Response {
            Response(
                status: 302,
                headers: [
                    ("Location", "/.auth/login?rd=" + (request.headers["x-original-uri"] ?? "")),
                    ("Set-Cookie", "ended=; Max-Age=0"),
                ])
        }
    }

    struct Refuse: Endpoint {
        func respond(to request: Request) -> Response { Response(status: 599) }
    }

    static let routes: [String: Router.Route] = [
        "/.auth/check": Router.Route(Check()), "/.auth/sign-in-required": Router.Route(SignInRequired()),
        "/.auth/logout": Router.Route(Refuse()), "/open": Router.Route(Refuse()),
    ]

    /// Asks as mod_authnz_fcgi does: begin, parameters, no stdin, and the connection open until the answer is read.
    static func ask(_ served: FastCGIResponderTests.Served, _ pairs: [(String, String)]) throws -> FastCGIWire.Answer {
        let client = try UnixSocketClient(path: served.path)
        defer { client.close() }
        client.send(FastCGIWire.begin(role: 2) + FastCGIWire.parameters(pairs))
        return FastCGIWire.answer(in: client.readToEnd())
    }

    static func request(about uri: String, _ more: [(String, String)] = []) -> [(String, String)] {
        [("REQUEST_METHOD", "GET"), ("REQUEST_URI", uri), ("SCRIPT_NAME", uri), ("HTTP_COOKIE", "s=1")] + more
    }

    @Test func anAllowedRequestIs200WithTheIdentityAsVariables() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        let started = Date()
        let answer = try Self.ask(served, Self.request(about: "/open?x=1"))
        #expect(Date().timeIntervalSince(started) < 4, "answered without waiting for an FCGI_STDIN that never comes")
        #expect(
            answer.text
                == "Status: 200 OK\r\nVariable-SITEGEN_ACCESS: ,dzotypzq,wtehfewa,\r\nVariable-SITEGEN_USER: oid-1\r\n"
                + "Variable-SITEGEN_NAME: Ann Lee\r\nVariable-SITEGEN_ROLES: Finance.Read\r\n"
                + "Variable-SITEGEN_RESTRICTED: 1\r\n\r\n")
        #expect(answer.protocolStatus == 0, "FCGI_REQUEST_COMPLETE")
    }

    @Test func aRequestThatNeedsASignInGetsTheSignInAnswerForTheRequestAskedAbout() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        let answer = try Self.ask(served, Self.request(about: "/closed"))
        #expect(
            answer.text
                == "Status: 302 Found\r\nLocation: /.auth/login?rd=/closed\r\nSet-Cookie: ended=; Max-Age=0\r\n\r\n")
    }

    @Test func aRefusalGoesToTheClientWithoutTheIdentityHeaders() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        let forbidden = try Self.ask(served, Self.request(about: "/forbidden"))
        #expect(forbidden.text == "Status: 403 Forbidden\r\nCache-Control: no-store\r\n\r\n")
        let broken = try Self.ask(served, Self.request(about: "/broken"))
        #expect(broken.status == 503)
        #expect(broken.text.hasSuffix("\r\n\r\nNo access manifest is loaded\n"))
        #expect(!broken.text.contains("Variable-") && !broken.text.contains("X-Auth-"))
    }

    @Test func theClientsOwnXOriginalURIHasNoSay() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        let answer = try Self.ask(served, Self.request(about: "/closed", [("HTTP_X_ORIGINAL_URI", "/open?x=1")]))
        #expect(answer.status == 302)
    }

    @Test func everyAuthorizerRequestIsTheCheckWhateverPathTheServerNames() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        for pairs in [
            [("REQUEST_URI", "/forbidden"), ("SCRIPT_NAME", "/.auth/logout"), ("DOCUMENT_URI", "/.auth/logout")],
            [("REQUEST_URI", "/forbidden"), ("SCRIPT_NAME", "/open"), ("QUERY_STRING", "x=1")],
        ] {
            #expect(try Self.ask(served, pairs).status == 403, "\(pairs)")
        }
    }

    @Test func withoutARequestURINothingIsAllowed() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        for pairs in [[("SCRIPT_NAME", "/open")], [("REQUEST_URI", ""), ("SCRIPT_NAME", "/open")]] {
            let answer = try Self.ask(served, pairs)
            #expect(answer.status == 500)
            #expect(answer.text.contains("no REQUEST_URI"))
        }
    }

    @Test func aServerThatSendsAnEmptyStdinAnywayIsAnsweredAndServingGoesOn() throws {
        let served = try FastCGIResponderTests.Served(routes: Self.routes)
        let answer = try served.exchange(FastCGIWire.request(Self.request(about: "/open?x=1"), role: 2))
        #expect(answer.status == 200)
        #expect(try Self.ask(served, Self.request(about: "/forbidden")).status == 403)
    }

    @Test func variablesAreNamedAfterTheCheckHeaders() {
        let variables = FastCGIAuthorizer.variables(
            in: Response(status: 204, headers: [("x-auth-email", "a@b"), ("X-Auth-Tenant-Id", "t"), ("Vary", "x")]))
        #expect(variables.map(\.name) == ["Variable-SITEGEN_EMAIL", "Variable-SITEGEN_TENANT_ID"])
        #expect(variables.map(\.value) == ["a@b", "t"])
    }
}
