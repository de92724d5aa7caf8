import EntraAuth
import Testing

@testable import AuthServing

/// The CGI transport: the request in the environment, the answer as CGI bytes, every route answered at once.
struct OneShotCGITests {
    struct Echo: Endpoint {
        let status: Int
        func respond(to request: Request) -> Response {
            Response(status: status, body: Array("\(request.method) \(request.path) \(request.query["rd"] ?? "")".utf8))
        }
    }

    let router = Router(routes: [
        "/.auth/login": Router.Route(Echo(status: 302)),
        "/.auth/callback": Router.Route(Echo(status: 303), whenBusy: Echo(status: 503)),
    ])

    @Test func theEnvironmentsRequestIsAnsweredAsCGI() {
        let bytes = OneShotCGI.respond(
            to: [
                (name: "REQUEST_METHOD", value: "GET"), (name: "SCRIPT_NAME", value: "/.auth/login"),
                (name: "QUERY_STRING", value: "rd=%2Fdocs%2F"),
            ],
            router: router)
        #expect(String(decoding: bytes, as: UTF8.self) == "Status: 302 Found\r\n\r\nGET /.auth/login /docs/")
    }

    @Test func aRouteThatWaitsOnTheNetworkIsAnsweredAtOnceNotBusy() {
        let bytes = OneShotCGI.respond(to: [(name: "DOCUMENT_URI", value: "/.auth/callback")], router: router)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Status: 303 See Other\r\n"))
    }

    @Test func anEmptyEnvironmentIsTheRootPathAnd404() {
        let bytes = OneShotCGI.respond(to: [] as [(name: String, value: String)], router: router)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Status: 404 Not Found\r\n"))
    }
}
