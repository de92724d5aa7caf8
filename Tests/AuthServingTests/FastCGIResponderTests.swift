import EntraAuth
import Foundation
import Testing
import TransportTestEndpoints

@testable import AuthServing

/// The FastCGI transport, spoken to over a unix socket byte by byte as nginx would: requests reach the router and
/// its answers come back; broken, oversized and Filter-role requests are refused and the responder keeps serving.
@Suite(.serialized) struct FastCGIResponderTests {
    /// A responder on a fresh unix socket, with one network worker and room for one more waiting request.
    final class Served {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fcgi-\(UUID().uuidString)").path
        let path: String
        let socket: Int32
        let responder: FastCGIResponder

        init(routes: [String: Router.Route], connectionPatience: Duration = FastCGIResponder.connectionPatience) throws
        {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            path = folder + "/auth.sock"
            socket = try ListeningSocket.open(.unix(path), group: nil)
            responder = FastCGIResponder(
                router: Router(routes: routes), acceptors: 2, network: NetworkWorkers(threads: 1, queueLimit: 1),
                log: AuthLog { _ in }, connectionPatience: connectionPatience)
            responder.start(listening: socket)
        }

        func exchange(_ bytes: [UInt8]) throws -> FastCGIWire.Answer {
            try UnixSocketClient.exchange(bytes, path: path)
        }

        deinit {
            responder.stop(listening: socket, patience: 1)
            close(socket)
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// What `Echo` answers to a GET of `/echo` with `query`.
    static func echoed(_ query: String) -> String {
        "Status: 200 OK\r\nContent-Type: text/plain\r\n\r\nGET /echo \(query) uri="
    }

    static let echoRequest = FastCGIWire.request([
        ("REQUEST_METHOD", "GET"), ("DOCUMENT_URI", "/echo"), ("QUERY_STRING", "q=%2Fa"),
        ("HTTP_X_ORIGINAL_URI", "/docs/"),
    ])

    @Test func aResponderRequestIsAnsweredThroughTheRouter() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let answer = try served.exchange(Self.echoRequest)
        #expect(answer.text == "Status: 200 OK\r\nContent-Type: text/plain\r\n\r\nGET /echo q=/a uri=/docs/")
        #expect(answer.protocolStatus == 0, "FCGI_REQUEST_COMPLETE")
        let missing = try served.exchange(FastCGIWire.request([("DOCUMENT_URI", "/nothing")]))
        #expect(missing.status == 404)
    }

    @Test func aSocketThatCannotBeOpenedIsAnErrorNamingItNotAnExit() throws {
        let taken = try ListeningSocket.open(.tcp(host: "127.0.0.1", port: 0), group: nil)
        defer { close(taken) }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(taken, $0, &length) }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let cases: [(ListenAddress, String)] = [
            (.tcp(host: "127.0.0.1", port: port), "cannot listen on 127.0.0.1:\(port): Address already in use; is "),
            (.tcp(host: "tcp:127.0.0.1", port: 9000), "--listen must be HOST:PORT, such as 127.0.0.1:9464"),
            (.tcp(host: "no-such-host.invalid", port: 9000), "--listen no-such-host.invalid:9000: cannot resolve "),
            (.unix("/nonexistent-folder/auth.sock"), "No such file or directory; does its folder exist"),
        ]
        for (address, message) in cases {
            #expect(throws: AuthError.self) { try ListeningSocket.open(address, group: nil) }
            do {
                close(try ListeningSocket.open(address, group: nil))
            } catch {
                #expect(error.description.contains(message), "\(error.description)")
            }
        }
    }

    @Test func theUnixSocketIsForOwnerAndGroupOnly() throws {
        let served = try Served(routes: [:])
        let mode = try FileManager.default.attributesOfItem(atPath: served.path)[.posixPermissions] as? Int
        #expect(mode == 0o660)
    }

    @Test func aRouteThatWaitsOnTheNetworkHoldsUpNoOtherAndIsAnsweredBusyWhenWorkersAreFull() throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let served = try Served(routes: [
            "/echo": Router.Route(Echo()),
            "/slow": Router.Route(Slow(started: started, release: release), whenBusy: Busy()),
        ])
        let slow = FastCGIWire.request([("DOCUMENT_URI", "/slow")])
        let first = try UnixSocketClient(path: served.path)
        first.send(slow)
        #expect(started.wait(timeout: .now() + 5) == .success, "the one network worker runs the first")
        let second = try UnixSocketClient(path: served.path)
        second.send(slow)
        Thread.sleep(forTimeInterval: 0.2)  // the second waits in the queue of one
        #expect(try served.exchange(slow).status == 503, "a third finds the queue full: the busy answer")
        #expect(try served.exchange(Self.echoRequest).status == 200, "an immediate route is not held up")
        release.signal()
        release.signal()
        #expect(FastCGIWire.answer(in: first.readToEnd()).status == 303)
        #expect(FastCGIWire.answer(in: second.readToEnd()).status == 303)
        first.close()
        second.close()
    }

    @Test func theFilterRoleIsRefusedNeverAllowed() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let answer = try served.exchange(
            FastCGIWire.request([("DOCUMENT_URI", "/echo")], role: 3) + FastCGIWire.record(8))
        #expect(answer.status == 500)
        #expect(answer.text.contains("Responder and Authorizer roles, not Filter"))
        #expect(try served.exchange(Self.echoRequest).status == 200)
    }

    @Test func anUnknownRoleIsRefusedAndTheResponderKeepsServing() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let answer = try served.exchange(FastCGIWire.request([("DOCUMENT_URI", "/echo")], role: 9))
        #expect(answer.stdout.isEmpty)
        #expect(answer.protocolStatus == 3, "FCGI_UNKNOWN_ROLE")
        #expect(try served.exchange(Self.echoRequest).status == 200)
    }

    /// `FCGI_GET_VALUES` is answered with each value asked for once, however often a name repeats: libfcgi wrote
    /// every repeat into a 64-byte buffer on its stack, past its end from the fourth on, and the process aborted.
    @Test func managementRecordsAreAnsweredInBoundsAndTheRequestAfterThemIsServed() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        var names: [(String, String)] = Array(repeating: ("FCGI_MPXS_CONNS", ""), count: 500)
        names += [("FCGI_MAX_CONNS", ""), ("FCGI_NOT_A_VALUE", ""), ("FCGI_MAX_REQS", "")]
        let values = FastCGIWire.record(FastCGIWire.getValues, FastCGIWire.pairs(names), id: 0)
        let client = try UnixSocketClient(path: served.path)
        defer { client.close() }
        // Before a request, and inside one, where libfcgi read them (between its begin and its parameters).
        client.send(
            values + FastCGIWire.begin() + values + FastCGIWire.record(99, [1, 2, 3], id: 0)
                + Self.echoRequest.dropFirst(16))
        shutdown(client.descriptor, Int32(SHUT_WR))
        let records = FastCGIWire.records(in: client.readToEnd())
        #expect(records.count == 6, "two results, an unknown type, the answer's two records and its end")
        let expected = Array("\u{0F}\u{01}FCGI_MPXS_CONNS0\u{0E}\u{01}FCGI_MAX_CONNS2\u{0D}\u{01}FCGI_MAX_REQS2".utf8)
        for result in records.prefix(2) {
            #expect(
                result.type == FastCGIWire.getValuesResult && result.id == 0 && result.content == expected,
                "each once, in the order asked; two connections, as many as the acceptors")
        }
        #expect(
            records.dropFirst(2).first.map { [$0.type] + $0.content } == [FastCGIWire.unknownType, 99]
                + [UInt8](repeating: 0, count: 7))
        #expect(
            FastCGIWire.answer(in: records.dropFirst(3).flatMap { FastCGIWire.record($0.type, $0.content, id: $0.id) })
                .text == "Status: 200 OK\r\nContent-Type: text/plain\r\n\r\nGET /echo q=/a uri=/docs/")
    }

    @Test func aSecondRequestOnOneConnectionIsRefusedAsNotMultiplexedAndTheFirstIsAnswered() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let client = try UnixSocketClient(path: served.path)
        defer { client.close() }
        let second = FastCGIWire.begin(id: 2)
        client.send(FastCGIWire.begin() + second + Array(Self.echoRequest.dropFirst(16)))
        shutdown(client.descriptor, Int32(SHUT_WR))
        let records = FastCGIWire.records(in: client.readToEnd())
        #expect(
            records.first.map { [$0.type, UInt8($0.id)] + $0.content } == [
                FastCGIWire.endRequest, 2, 0, 0, 0, 0, 1, 0, 0, 0,
            ], "FCGI_CANT_MPX_CONN")
        let answer = FastCGIWire.answer(
            in: records.dropFirst().flatMap { FastCGIWire.record($0.type, $0.content, id: $0.id) })
        #expect(answer.status == 200 && answer.protocolStatus == 0)
    }

    @Test func malformedRecordsCloseTheConnectionAndTheResponderKeepsServing() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let wrongVersion = FastCGIWire.record(FastCGIWire.beginRequest, [0, 1, 0, 0, 0, 0, 0, 0], version: 2)
        let noBegin = FastCGIWire.parameters([("DOCUMENT_URI", "/echo")]) + FastCGIWire.record(FastCGIWire.stdin)
        let cutShort = Array(Self.echoRequest.prefix(13))
        // A name declared 2 GiB long, then the stream ends.
        let hugeName = FastCGIWire.begin() + FastCGIWire.record(FastCGIWire.params, [0xFF, 0xFF, 0xFF, 0xF0, 1, 0x41])
        for broken in [wrongVersion, noBegin, cutShort, hugeName, Array("GET / HTTP/1.1\r\n\r\n".utf8)] {
            let answer = try served.exchange(broken)
            #expect(answer.stdout.isEmpty, "\(broken.prefix(16))")
        }
        #expect(try served.exchange(Self.echoRequest).status == 200)
    }

    @Test func bodiesThatNeverEndHoldUpNoWorker() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let stalled = try (0..<3).map { _ in
            let client = try UnixSocketClient(path: served.path)
            client.send(
                FastCGIWire.begin()
                    + FastCGIWire.parameters([
                        ("REQUEST_METHOD", "POST"), ("DOCUMENT_URI", "/echo"), ("CONTENT_LENGTH", "100000"),
                    ]) + FastCGIWire.record(FastCGIWire.stdin, Array(repeating: 0x61, count: 10)))
            return client
        }
        defer { for client in stalled { client.close() } }
        let started = ContinuousClock.now
        #expect(try served.exchange(Self.echoRequest).status == 200, "both acceptors are free again")
        #expect(ContinuousClock.now - started < .seconds(4))
        for client in stalled {
            #expect(FastCGIWire.answer(in: client.readToEnd()).status == 200, "the stalled requests are answered")
        }
    }

    @Test func connectionsThatSendNoWholeRequestInTimeAreClosedAndHoldUpNoAcceptor() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())], connectionPatience: .milliseconds(600))
        let silent = try UnixSocketClient(path: served.path)
        let half = try UnixSocketClient(path: served.path)
        half.send(Array(Self.echoRequest.prefix(20)))
        // A byte every 200 ms: each read gets something, and only the connection's own deadline ends it.
        let trickling = try UnixSocketClient(path: served.path)
        let trickled = DispatchSemaphore(value: 0)
        let trickle = Thread {
            defer { trickled.signal() }
            for byte in Self.echoRequest {
                guard send(trickling.descriptor, [byte], 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        trickle.start()
        defer {
            // The thread stops sending before the descriptor is closed: its number may be another test's next.
            shutdown(trickling.descriptor, Int32(SHUT_RDWR))
            trickled.wait()
            for client in [silent, half, trickling] { client.close() }
        }
        Thread.sleep(forTimeInterval: 0.1)
        let started = ContinuousClock.now
        #expect(try served.exchange(Self.echoRequest).status == 200, "both acceptors are free again")
        #expect(ContinuousClock.now - started < .seconds(3))
        for client in [silent, half, trickling] {
            let waited = ContinuousClock.now
            #expect(client.readToEnd().isEmpty, "closed without an answer")
            #expect(ContinuousClock.now - waited < .seconds(2), "closed by the deadline, not the client's timeout")
        }
    }

    @Test func aConnectionTheServerKeepsCarriesItsNextRequestAndIsClosedWhenIdleTooLong() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())], connectionPatience: .milliseconds(600))
        let client = try UnixSocketClient(path: served.path)
        defer { client.close() }
        let kept = { (query: String) in
            FastCGIWire.begin(keepingConnection: true)
                + FastCGIWire.parameters([
                    ("REQUEST_METHOD", "GET"), ("DOCUMENT_URI", "/echo"), ("QUERY_STRING", query),
                ])
                + FastCGIWire.record(FastCGIWire.stdin)
        }
        client.send(kept("q=1"))
        #expect(client.readAnswers().map(\.text) == [Self.echoed("q=1")])
        Thread.sleep(forTimeInterval: 0.1)
        // Two at once: what is read past the first request is kept for the next.
        client.send(kept("q=2") + kept("q=3"))
        #expect(client.readAnswers(2).map(\.text) == [Self.echoed("q=2"), Self.echoed("q=3")])
        // Then idle: as a connection that sends nothing, it is closed once its time is up.
        let started = ContinuousClock.now
        #expect(client.readToEnd().isEmpty, "closed without another answer")
        #expect(ContinuousClock.now - started < .seconds(2), "closed by the deadline, not the client's timeout")
    }

    @Test func idleKeptConnectionsGiveWayToANewConnectionInsteadOfHoldingEveryAcceptor() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())], connectionPatience: .seconds(30))
        let request =
            FastCGIWire.begin(keepingConnection: true)
            + FastCGIWire.parameters([("REQUEST_METHOD", "GET"), ("DOCUMENT_URI", "/echo"), ("QUERY_STRING", "q=1")])
            + FastCGIWire.record(FastCGIWire.stdin)
        // As many kept connections as there are acceptors, each answered once and then idle.
        let idle = try (0..<2).map { _ in try UnixSocketClient(path: served.path) }
        defer { for client in idle { client.close() } }
        for client in idle {
            client.send(request)
            #expect(client.readAnswers().map(\.text) == [Self.echoed("q=1")])
        }
        for _ in 0..<3 {
            let started = ContinuousClock.now
            #expect(try served.exchange(Self.echoRequest).status == 200)
            #expect(ContinuousClock.now - started < .seconds(3), "at once, not after an idle connection's 30 s")
        }
        // An acceptor that woke too late to take the new connection keeps its idle one, which still carries a
        // request; one that gave way closed it. Either way the web server is answered or told at once.
        var closed = 0
        for client in idle {
            let waited = ContinuousClock.now
            client.send(request)
            let answers = client.readAnswers().map(\.text)
            #expect(answers == [Self.echoed("q=1")] || answers.isEmpty, "answered again, or closed with nothing more")
            #expect(ContinuousClock.now - waited < .seconds(3))
            if answers.isEmpty { closed += 1 }
        }
        #expect(closed >= 1, "the acceptor that took a new connection gave its idle one up")
    }

    @Test func answeredConnectionsCloseAtOnceWhileOtherThreadsStartProcesses() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        // Children that live a second, started as fast as they end: one that inherited an accepted connection would
        // hold it open after the responder closed it, and its client would wait for an end that does not come.
        let lock = NSLock()
        nonisolated(unsafe) var stop = false
        nonisolated(unsafe) var children: [Process] = []
        nonisolated(unsafe) var slowest = Duration.zero
        let done = DispatchGroup()
        for _ in 0..<2 {
            done.enter()
            Thread {
                while !lock.withLock({ stop }) {
                    let child = Process()
                    child.executableURL = URL(fileURLWithPath: "/bin/sleep")
                    child.arguments = ["1"]
                    if (try? child.run()) != nil { lock.withLock { children.append(child) } }
                }
                done.leave()
            }.start()
        }
        let path = served.path
        let end = ContinuousClock.now + .seconds(2)
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            while ContinuousClock.now < end {
                let started = ContinuousClock.now
                let status = try? UnixSocketClient.exchange(Self.echoRequest, path: path).status
                let took = ContinuousClock.now - started
                lock.withLock { slowest = status == 200 ? max(slowest, took) : .seconds(99) }
            }
        }
        lock.withLock { stop = true }
        done.wait()
        for child in children {
            child.terminate()
            child.waitUntilExit()
        }
        #expect(slowest < .milliseconds(500), "every check answered and closed at once, none held open by a child")
    }

    @Test func parametersBeyondTheLimitAre431() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let cookie = String(repeating: "a", count: CGIEnvironment.parameterLimit)
        let answer = try served.exchange(
            FastCGIWire.request([("DOCUMENT_URI", "/echo"), ("HTTP_COOKIE", cookie)]))
        #expect(answer.status == 431)
        let large = String(repeating: "b", count: 100_000)
        let fits = try served.exchange(FastCGIWire.request([("DOCUMENT_URI", "/echo"), ("HTTP_COOKIE", large)]))
        #expect(fits.status == 200, "large headers below the limit are served")
    }
}
