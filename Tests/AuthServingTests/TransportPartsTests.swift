import EntraAuth
import Foundation
import Testing

@testable import AuthServing

/// The parts every transport shares: the bounded pool for requests that wait on the network, what a failed accept
/// leads to, and reading CGI parameters into a `Request`.
struct TransportPartsTests {
    @Test func busyNetworkWorkersRefuseWorkBeyondTheQueueInsteadOfBlocking() {
        let workers = NetworkWorkers(threads: 2, queueLimit: 3)
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            #expect(
                workers.submit {
                    started.signal()
                    release.wait()
                })
        }
        started.wait()
        started.wait()
        for _ in 0..<3 { #expect(workers.submit { release.wait() }) }
        let before = Date()
        #expect(!workers.submit {}, "a full queue refuses")
        #expect(Date().timeIntervalSince(before) < 0.1, "refusing does not wait")
        #expect(workers.pending == 5)
        for _ in 0..<5 { release.signal() }
        let done = DispatchSemaphore(value: 0)
        while !workers.submit({ done.signal() }) { usleep(1000) }
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func runningOutOfDescriptorsBacksOffAndRecovers() {
        var policy = AcceptFailure()
        let start = Date()
        #expect(policy.failed(errno: EMFILE, now: start) == .retry(after: 0.01))
        #expect(policy.failed(errno: EMFILE, now: start + 1) == .retry(after: 0.02))
        for second in 2..<10 { _ = policy.failed(errno: ENOMEM, now: start + TimeInterval(second)) }
        #expect(policy.failed(errno: ENFILE, now: start + 30) == .retry(after: 1))
        policy.succeeded()
        #expect(policy.failed(errno: EMFILE, now: start + 100) == .retry(after: 0.01))
    }

    @Test func aBrokenSocketOrAMinuteOfFailuresEndsTheProcess() {
        var policy = AcceptFailure()
        guard case .exit(let reason) = policy.failed(errno: EBADF, now: Date()) else {
            Issue.record("EBADF must end the process")
            return
        }
        #expect(reason.contains("cannot accept connections"))
        let start = Date()
        _ = policy.failed(errno: EMFILE, now: start)
        #expect(policy.failed(errno: EMFILE, now: start + 59) == .retry(after: 0.02))
        #expect(
            policy.failed(errno: EMFILE, now: start + 60)
                == .exit("accepting connections has failed for 60 s: \(String(cString: strerror(EMFILE)))"))
    }

    @Test func cgiParametersBecomeARequestAndTheFirstOfARepeatedHeaderWins() {
        let request = CGIEnvironment.request(from: [
            (name: "REQUEST_METHOD", value: "GET"), (name: "DOCUMENT_URI", value: "/.auth/check"),
            (name: "QUERY_STRING", value: ""), (name: "HTTP_X_ORIGINAL_URI", value: "/finance/"),
            (name: "HTTP_COOKIE", value: "a=1"), (name: "HTTP_X_ORIGINAL_URI", value: "/"),
            (name: "HTTP_", value: "nameless"), (name: "NOEQUALS", value: ""),
        ])
        #expect(request.path == "/.auth/check")
        #expect(request.headers["x-original-uri"] == "/finance/", "nginx's own parameter comes first")
        #expect(request.headers["cookie"] == "a=1")
        #expect(request.headers.count == 2)

        let script = CGIEnvironment.request(from: [
            (name: "SCRIPT_NAME", value: "/.auth"), (name: "PATH_INFO", value: "/login"),
            (name: "QUERY_STRING", value: "rd=%2Fx"), (name: "REQUEST_METHOD", value: "POST"),
        ])
        #expect(script.method == "POST" && script.path == "/.auth/login" && script.query["rd"] == "/x")
        #expect(CGIEnvironment.request(from: [] as [(name: String, value: String)]).path == "/")
    }

    /// nginx hands over the decoded path: `/.auth/check%3Fx=1` arrives as `/.auth/check?x=1`, a path and no query.
    @Test func aQuestionMarkInTheDecodedPathStaysInThePath() {
        let request = CGIEnvironment.request(from: [
            (name: "DOCUMENT_URI", value: "/.auth/check?x=1"), (name: "QUERY_STRING", value: "rd=%2Fy"),
        ])
        #expect(request.path == "/.auth/check?x=1")
        #expect(request.query == ["rd": "/y"])
    }

    @Test func cgiParametersAreReadFromAFastCGIParameterStream() throws {
        var stream: [UInt8] = []
        let long = String(repeating: "v", count: 300)
        for (name, value) in [
            ("DOCUMENT_URI", "/.auth/me"), ("HTTP_COOKIE", "x=1=2"), ("HTTP_SEC_FETCH_MODE", "navigate"),
            ("HTTP_X_LONG", long), ("HTTP_COOKIE", "second"),
        ] {
            FastCGIParameters.appendPair(name: Array(name.utf8), value: Array(value.utf8), to: &stream)
        }
        let request = try #require(stream.withUnsafeBytes { CGIEnvironment.request(fromFastCGI: $0) })
        #expect(request.path == "/.auth/me")
        #expect(
            request.headers == ["cookie": "x=1=2", "sec-fetch-mode": "navigate", "x-long": long],
            "a length of 128 or more takes four bytes; the first of two parameters of one name counts")
    }

    @Test(
        arguments: [
            [3, 1, 0x41, 0x42], [0x80, 0, 0], [0xFF, 0xFF, 0xFF, 0xF0, 1, 0x41], [1, 0x80, 0, 0, 2, 0x41, 0x42],
        ] as [[UInt8]])
    func aParameterStreamThatEndsInsideAPairIsNoRequest(stream: [UInt8]) {
        #expect(stream.withUnsafeBytes { CGIEnvironment.request(fromFastCGI: $0) } == nil)
    }

    @Test func aCGIResponseIsStatusHeadersBlankLineBody() {
        let response = Response(
            status: 303, headers: [("Location", "/docs/"), ("Set-Cookie", "a=1")], body: [0x68, 0x69])
        #expect(
            String(decoding: response.cgiBytes, as: UTF8.self)
                == "Status: 303 See Other\r\nLocation: /docs/\r\nSet-Cookie: a=1\r\n\r\nhi")
    }
}
