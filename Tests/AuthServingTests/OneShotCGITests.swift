import EntraAuth
import Foundation
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

    /// What a CGI check submits waits for the answer: nothing runs at submission, and it is taken once, in order.
    @Test func workAfterTheAnswerIsKeptUntilTaken() {
        final class Ran: @unchecked Sendable {
            let lock = NSLock()
            var values: [Int] = []
            func append(_ value: Int) { lock.withLock { values.append(value) } }
        }
        let work = AfterAnswerWork()
        let ran = Ran()
        #expect(work.submit { ran.append(1) } && work.submit { ran.append(2) })
        #expect(ran.values.isEmpty)
        let taken = work.take()
        #expect(taken.count == 2 && work.take().isEmpty)
        for item in taken { item() }
        #expect(ran.values == [1, 2])
        work.runDetached()  // nothing kept: returns at once, in this process
    }

    @Test func anEmptyEnvironmentIsTheRootPathAnd404() {
        let bytes = OneShotCGI.respond(to: [] as [(name: String, value: String)], router: router)
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("Status: 404 Not Found\r\n"))
    }
}
