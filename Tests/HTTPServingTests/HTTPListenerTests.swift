import AuthServing
import EntraAuth
import Foundation
import LoopbackSockets
import Testing
import TransportTestEndpoints

@testable import HTTPServing

/// The HTTP transport, spoken to over TCP byte by byte as Caddy or Traefik would: requests reach the router and
/// its answers come back; callbacks wait on network workers without holding up checks; malformed requests are
/// refused and the listener keeps serving.
@Suite(.serialized) struct HTTPListenerTests {
    /// A listener on a port the system chooses, with one event loop, one network worker and room for one more
    /// waiting request.
    final class Served: Sendable {
        let network = NetworkWorkers(threads: 1, queueLimit: 1)
        let listener: HTTPListener

        init(routes: [String: Router.Route], limits: ConnectionLimits = ConnectionLimits()) throws {
            listener = try HTTPListener(
                host: "127.0.0.1", port: 0, router: Router(routes: routes), origin: "https://site.example",
                threads: 1, network: network, limits: limits)
        }

        func exchange(_ text: String) throws -> String { try TCPClient.exchange(text, port: listener.port) }

        deinit { listener.stop(patience: 1) }
    }

    static func get(_ target: String, _ headers: String = "") -> String {
        "GET \(target) HTTP/1.1\r\nHost: auth\r\n\(headers)Connection: close\r\n\r\n"
    }

    @Test func aRequestIsAnsweredThroughTheRouter() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let answer = try served.exchange(Self.get("/echo?q=%2Fa", "X-Forwarded-Uri: /docs/\r\n"))
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.contains("Content-Type: text/plain\r\n"))
        #expect(answer.contains("Content-Length: 25\r\n"))
        #expect(answer.hasSuffix("\r\n\r\nGET /echo q=/a uri=/docs/"))
        #expect(try served.exchange(Self.get("/nothing")).hasPrefix("HTTP/1.1 404"))
    }

    @Test func aHeadRequestGetsTheHeadOnly() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let answer = try served.exchange("HEAD /echo HTTP/1.1\r\nHost: auth\r\nConnection: close\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(answer.hasSuffix("\r\n\r\n"))
    }

    @Test func keptAliveRequestsAreAnsweredInOrder() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let answer = try served.exchange(
            "GET /echo?q=1 HTTP/1.1\r\nHost: auth\r\n\r\n" + Self.get("/echo?q=2"))
        let first = try #require(answer.range(of: "q=1 uri="))
        let second = try #require(answer.range(of: "q=2 uri="))
        #expect(first.lowerBound < second.lowerBound)
        #expect(answer.components(separatedBy: "HTTP/1.1 200 OK").count == 3)
    }

    @Test func aCallbackWaitingOnTheNetworkNeverHoldsUpACheck() throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let served = try Served(routes: [
            "/echo": Router.Route(Echo()),
            "/callback": Router.Route(Slow(started: started, release: release), whenBusy: Busy()),
        ])
        let slowAnswer = LockedText()
        let slowDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            slowAnswer.set((try? served.exchange(Self.get("/callback"))) ?? "")
            slowDone.signal()
        }
        #expect(started.wait(timeout: .now() + 5) == .success)
        // The one event loop answers a check while the callback still waits on its network worker.
        #expect(try served.exchange(Self.get("/echo")).hasPrefix("HTTP/1.1 200 OK"))
        release.signal()
        #expect(slowDone.wait(timeout: .now() + 5) == .success)
        #expect(slowAnswer.text.hasPrefix("HTTP/1.1 303"))
        #expect(slowAnswer.text.contains("Location: /done/\r\n"))
    }

    @Test func whenEveryNetworkWorkerIsBusyTheBusyAnswerGoesOut() throws {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let served = try Served(routes: [
            "/callback": Router.Route(Slow(started: started, release: release), whenBusy: Busy())
        ])
        let done = DispatchSemaphore(value: 0)
        let failures = LockedText()
        let waitForAnswer: @Sendable () -> Void = {
            do {
                _ = try served.exchange(Self.get("/callback"))
            } catch {
                failures.set("\(error)")
            }
            done.signal()
        }
        Thread.detachNewThread(waitForAnswer)
        #expect(started.wait(timeout: .now() + 10) == .success)
        Thread.detachNewThread(waitForAnswer)
        let deadline = Date().addingTimeInterval(10)
        while served.network.pending < 2, Date() < deadline { usleep(1000) }
        #expect(served.network.pending == 2, "one callback running, one waiting: the queue is full")
        #expect(failures.text == "")
        let answer = try served.exchange(Self.get("/callback"))
        #expect(answer.hasPrefix("HTTP/1.1 503"))
        #expect(answer.hasSuffix("busy\n"))
        release.signal()
        release.signal()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(done.wait(timeout: .now() + 5) == .success)
    }

    @Test func malformedAndOversizedRequestsAreRefusedAndServingGoesOn() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())])
        let malformed = try TCPClient.Connection(port: served.listener.port)
        malformed.send("NOT HTTP AT ALL\r\n\r\n")
        let refused = malformed.read(seconds: 5)
        #expect(refused.text.hasPrefix("HTTP/1.1 400"))
        #expect(refused.closed, "the connection is closed after the 400")
        let huge = String(repeating: "a", count: 100 * 1024)
        let oversized = try served.exchange(Self.get("/echo", "X-Big: \(huge)\r\n"))
        #expect(oversized.hasPrefix("HTTP/1.1 400") || oversized.isEmpty)
        #expect(!oversized.contains("GET /echo"))
        #expect(try served.exchange(Self.get("/echo")).hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func aRequestHeadThatIsLateClosesTheConnection() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())], limits: ConnectionLimits(requestTimeout: 0.5))
        let idle = try TCPClient.Connection(port: served.listener.port)
        let trickled = try TCPClient.Connection(port: served.listener.port)
        let kept = try TCPClient.Connection(port: served.listener.port)
        kept.send("GET /echo HTTP/1.1\r\nHost: auth\r\n\r\n")
        for byte in "GET /echo HTTP/1.1\r\nHost: auth\r\n" {
            guard trickled.send(String(byte)) else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let trickledAnswer = trickled.read(seconds: 3)
        #expect(trickledAnswer.closed && trickledAnswer.text.isEmpty, "a head a byte at a time does not renew it")
        let idleAnswer = idle.read(seconds: 3)
        #expect(idleAnswer.closed && idleAnswer.text.isEmpty)
        let keptAnswer = kept.read(seconds: 3)
        #expect(keptAnswer.text.hasPrefix("HTTP/1.1 200 OK"))
        #expect(keptAnswer.closed, "a kept-alive connection left idle after its answer is closed too")
        #expect(try served.exchange(Self.get("/echo")).hasPrefix("HTTP/1.1 200 OK"))
    }

    @Test func aRequestBodyThatIsLateOrTooLongClosesTheConnection() throws {
        let served = try Served(
            routes: ["/echo": Router.Route(Echo())], limits: ConnectionLimits(requestTimeout: 0.5, maxBodyBytes: 1024))
        let post = { (length: Int) in
            "POST /echo HTTP/1.1\r\nHost: auth\r\nContent-Length: \(length)\r\nConnection: close\r\n\r\n"
        }
        let stalled = try TCPClient.Connection(port: served.listener.port)
        stalled.send(post(1_000_000) + "abc")
        let trickled = try TCPClient.Connection(port: served.listener.port)
        trickled.send(post(100))
        for _ in 0..<20 {
            guard trickled.send("a") else { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let stalledAnswer = stalled.read(seconds: 3)
        #expect(stalledAnswer.closed && stalledAnswer.text.isEmpty, "a body that never ends does not hold it")
        let trickledAnswer = trickled.read(seconds: 3)
        #expect(trickledAnswer.closed && trickledAnswer.text.isEmpty, "a body a byte at a time does not renew it")

        let slow = try Served(
            routes: ["/echo": Router.Route(Echo())], limits: ConnectionLimits(requestTimeout: 30, maxBodyBytes: 1024))
        let long = try TCPClient.Connection(port: slow.listener.port)
        long.send(post(4096) + String(repeating: "a", count: 2048))
        let longAnswer = long.read(seconds: 3)
        #expect(longAnswer.closed && longAnswer.text.isEmpty, "a body over the limit closes it at once")
        #expect(try slow.exchange(post(9) + "confirm=1").hasPrefix("HTTP/1.1 200 OK"), "a short body is answered")
    }

    @Test func connectionsBeyondTheLimitAreClosedAndTheOthersServed() throws {
        let served = try Served(routes: ["/echo": Router.Route(Echo())], limits: ConnectionLimits(maxConnections: 2))
        var held = [
            try TCPClient.Connection(port: served.listener.port), try TCPClient.Connection(port: served.listener.port),
        ]
        Thread.sleep(forTimeInterval: 0.2)
        let beyond = try TCPClient.Connection(port: served.listener.port)
        beyond.send(Self.get("/echo"))
        let refused = beyond.read(seconds: 3)
        #expect(refused.closed && refused.text.isEmpty)
        held[0].send(Self.get("/echo"))
        #expect(held[0].read(seconds: 3).text.hasPrefix("HTTP/1.1 200 OK"), "the connections let in are served")
        held.removeAll()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(try served.exchange(Self.get("/echo")).hasPrefix("HTTP/1.1 200 OK"), "closed ones make room")
    }

    @Test func aTakenPortIsAClearError() throws {
        let served = try Served(routes: [:])
        #expect {
            try HTTPListener(
                host: "127.0.0.1", port: served.listener.port, router: Router(routes: [:]),
                origin: "https://site.example", threads: 1, network: NetworkWorkers(threads: 1, queueLimit: 1))
        } throws: { error in
            (error as? AuthError)?.description.hasSuffix(
                ": Address already in use; choose another --listen-http port") == true
        }
    }
}

/// Text one thread writes and another reads.
final class LockedText: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""
    var text: String { lock.withLock { value } }
    func set(_ text: String) { lock.withLock { value = text } }
}
