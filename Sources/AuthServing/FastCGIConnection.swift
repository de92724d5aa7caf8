import Foundation

/// One request a web server sent on a FastCGI connection: its id, role, whether it asked to keep the connection,
/// and its `FCGI_PARAMS` stream, nil when that held more than the limit.
struct FastCGIRequest {
    /// FastCGI's roles (`FCGI_BEGIN_REQUEST`).
    enum Role {
        static let responder: UInt16 = 1
        static let authorizer: UInt16 = 2
        static let filter: UInt16 = 3
    }

    let id: UInt16
    let role: UInt16
    let keepsConnection: Bool
    let parameters: [UInt8]?
}

/// A connection a web server opened, read record by record from its own buffer and answered in whole records.
///
/// Only what a request needs is kept: the parameters of the one request in progress (a second one on the same
/// connection is refused as the specification says, since sitegen-auth does not multiplex) and nothing of its body.
/// Management records (request id 0) are answered where they come. A record of another version, or a stream that
/// ends inside a record, ends the connection. Every read and write goes through the descriptor, so a deadline that
/// shuts it down (`ConnectionDeadlines`) ends whatever waits on it.
final class FastCGIConnection {
    let descriptor: Int32
    /// The web server's requests at once, for `FCGI_GET_VALUES`.
    private let connections: Int
    /// Room for the largest record: a header, 65,535 bytes of content and 255 of padding.
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 72 * 1024, alignment: 8)
    private var start = 0
    private var end = 0
    private var closed = false

    /// Reads from `descriptor`, an accepted connection this object closes.
    init(descriptor: Int32, connections: Int) {
        self.descriptor = descriptor
        self.connections = connections
    }

    deinit {
        close()
        buffer.deallocate()
    }

    /// The next request, once its parameters have all come; nil when the connection ended, broke the protocol or
    /// asked for a role there is none of (answered `FCGI_UNKNOWN_ROLE`). At most `parameterLimit` bytes of
    /// parameters are kept: past that, the rest is read and dropped, and the request has none.
    func nextRequest(parameterLimit: Int) -> FastCGIRequest? {
        var begun: (id: UInt16, role: UInt16, keeps: Bool)?
        var parameters: [UInt8] = []
        var tooLarge = false
        while let (header, content) = nextRecord() {
            if header.requestID == 0 {
                guard
                    let reply = FastCGIRecords.management(
                        kind: header.kind, content: content, connections: connections), send(reply)
                else { return nil }
                continue
            }
            switch header.kind {
            case FastCGIRecords.Kind.beginRequest:
                guard content.count >= 8 else { return nil }
                if let begun {
                    guard begun.id != header.requestID else { return nil }
                    let refusal = FastCGIRecords.ProtocolStatus.cannotMultiplex
                    guard send(FastCGIRecords.end(requestID: header.requestID, status: refusal)) else { return nil }
                    continue
                }
                let role = UInt16(content[0]) << 8 | UInt16(content[1])
                guard (FastCGIRequest.Role.responder...FastCGIRequest.Role.filter).contains(role) else {
                    let refusal = FastCGIRecords.ProtocolStatus.unknownRole
                    _ = send(FastCGIRecords.end(requestID: header.requestID, status: refusal))
                    return nil
                }
                let flags = content[2]
                begun = (header.requestID, role, flags & FastCGIRecords.keepConnection != 0)
            case FastCGIRecords.Kind.params where header.requestID == begun?.id:
                guard let begun else { return nil }
                guard !content.isEmpty else {
                    return FastCGIRequest(
                        id: begun.id, role: begun.role, keepsConnection: begun.keeps,
                        parameters: tooLarge ? nil : parameters)
                }
                tooLarge = tooLarge || parameters.count + content.count > parameterLimit
                if !tooLarge { parameters.append(contentsOf: content) }
            case FastCGIRecords.Kind.abortRequest where header.requestID == begun?.id:
                return nil
            default:
                // Records of a request not in progress, and kinds a responder does not read, are passed over.
                continue
            }
        }
        return nil
    }

    /// Reads the rest of request `id`'s body and drops it, for at most `patience`: a socket closed with a body still
    /// unread is reset, and the web server may lose the answer with it. True when the body ended.
    func readBody(of id: UInt16, patience: Duration) -> Bool {
        waitingAtMost(timeval(tv_sec: 0, tv_usec: 200_000))
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline, let (header, content) = nextRecord() {
            if header.kind == FastCGIRecords.Kind.stdin, header.requestID == id, content.isEmpty {
                waitingAtMost(timeval())
                return true
            }
        }
        return false
    }

    /// Waits, on a connection the web server keeps, until its next request comes or a new connection waits on
    /// `listening`: true for the former, or when the connection ended or failed (the read that follows says which);
    /// false when the new connection came first, which the acceptor takes instead of this idle one.
    func nextRequestComes(beforeConnectionOn listening: Int32) -> Bool {
        guard start == end else { return true }
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: listening, events: Int16(POLLIN), revents: 0),
        ]
        var ready = poll(&watched, 2, -1)
        while ready < 0, errno == EINTR { ready = poll(&watched, 2, -1) }
        return ready <= 0 || watched[0].revents != 0 || watched[1].revents == 0
    }

    /// Writes all of `bytes`; false when the connection is gone.
    func send(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                sent += count
            }
            return true
        }
    }

    /// Closes the connection. `draining`, it first says it will send no more and reads what the web server still
    /// sends until it hangs up (2 s at most between reads), so no unread byte makes the close a reset that could
    /// lose the answer: for requests whose body was not read.
    func close(draining: Bool = false) {
        guard !closed else { return }
        closed = true
        if draining, shutdown(descriptor, Int32(SHUT_WR)) == 0 {
            waitingAtMost(timeval(tv_sec: 2, tv_usec: 0))
            while recv(descriptor, buffer.baseAddress, buffer.count, 0) > 0 {}
        }
        Glibc.close(descriptor)
    }

    /// Makes each read wait at most `wait` for bytes (a zero `timeval`: as long as it takes).
    private func waitingAtMost(_ wait: timeval) {
        var wait = wait
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next whole record: its header and content, a view into the buffer until the next record is read. Nil at
    /// the end of the stream, on an error or timeout, and for a record of another version.
    private func nextRecord() -> (FastCGIRecords.Header, UnsafeRawBufferPointer)? {
        guard fill(FastCGIRecords.headerLength),
            let header = FastCGIRecords.Header(
                UnsafeRawBufferPointer(rebasing: buffer[start..<(start + FastCGIRecords.headerLength)]))
        else { return nil }
        let length = FastCGIRecords.headerLength + header.contentLength + header.paddingLength
        guard fill(length) else { return nil }
        let contentStart = start + FastCGIRecords.headerLength
        let content = UnsafeRawBufferPointer(rebasing: buffer[contentStart..<(contentStart + header.contentLength)])
        start += length
        return (header, content)
    }

    /// Reads until the buffer holds `count` bytes from `start`, moving them to the front first when they would not
    /// fit; false when the stream ends, fails or times out first.
    private func fill(_ count: Int) -> Bool {
        if start == end {
            (start, end) = (0, 0)
        } else if start + count > buffer.count {
            buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: end - start)
            (start, end) = (0, end - start)
        }
        while end - start < count {
            let read = recv(descriptor, buffer.baseAddress! + end, buffer.count - end, 0)
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return false }
            end += read
        }
        return true
    }
}
