import CHiredis
import CLinux
import Foundation

/// One connection to Redis through hiredis, used by one thread at a time. Commands are sent as argument vectors
/// (`redisCommandArgv`), so values are binary-safe and never parsed as command text.
final class RedisConnection {
    /// A reply, as far as the session store reads them.
    enum Reply: Equatable {
        case bytes([UInt8])
        case integer(Int)
        case status(String)
        case array([Reply])
        case null

        var bytes: [UInt8]? { if case .bytes(let value) = self { value } else { nil } }
        var text: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
        var integer: Int? { if case .integer(let value) = self { value } else { nil } }
        var array: [Reply]? { if case .array(let value) = self { value } else { nil } }
    }

    private let context: UnsafeMutablePointer<redisContext>
    private let address: RedisAddress

    /// Connects, authenticates and selects the database, each step within `timeout`.
    init(_ address: RedisAddress, timeout: TimeInterval) throws {
        let limit = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        guard let context = redisConnectWithTimeout(address.host, Int32(address.port), limit) else {
            throw AuthError(.sessionStore, "cannot connect to Redis at \(address.display): out of memory")
        }
        self.context = context
        self.address = address
        guard context.pointee.err == 0 else { throw failure() }
        redisSetTimeout(context, limit)
        if let password = address.password {
            _ = try command(["AUTH"] + (address.user.map { [$0] } ?? []) + [password])
        }
        if address.database != 0 { _ = try command(["SELECT", "\(address.database)"]) }
    }

    deinit {
        redisFree(context)
    }

    /// Whether an idle connection may still be used: nothing is waiting to be read on it. An idle connection that
    /// is readable has been closed by the server (restarted, or timed out the client) since its last reply.
    var isUsableWhenIdle: Bool {
        guard context.pointee.err == 0 else { return false }
        var descriptor = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// Sends one command; an error reply or a broken connection throws.
    func command(_ arguments: [String]) throws -> Reply {
        try command(arguments.map { Array($0.utf8) })
    }

    /// Sends one command of binary arguments.
    func command(_ arguments: [[UInt8]]) throws -> Reply {
        let sent = withArgv(arguments) { count, pointers, lengths in
            redisCommandArgv(context, count, pointers, lengths)
        }
        guard let sent else { throw failure() }
        defer { freeReplyObject(sent) }
        let reply = sent.assumingMemoryBound(to: redisReply.self)
        guard reply.pointee.type != sitegen_redis_reply_error else {
            let name = arguments.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
            throw AuthError(.sessionStore, "Redis at \(address.display) refused \(name): \(Self.string(reply))")
        }
        return Self.convert(reply)
    }

    /// Sends one command without waiting for its reply, which comes through `replies(waitingAtMost:)`.
    func send(_ arguments: [String]) throws {
        let bytes = arguments.map { Array($0.utf8) }
        let appended = withArgv(bytes) { count, pointers, lengths in
            redisAppendCommandArgv(context, count, pointers, lengths)
        }
        guard appended == REDIS_OK else { throw failure() }
        var done: Int32 = 0
        while done == 0 {
            guard redisBufferWrite(context, &done) == REDIS_OK else { throw failure() }
        }
    }

    /// The replies that have arrived, waiting up to `milliseconds` for the first; empty when none came in time.
    /// For a subscribed connection, where the server speaks without being asked.
    func replies(waitingAtMost milliseconds: Int32) throws -> [Reply] {
        var replies = try buffered()
        guard replies.isEmpty else { return replies }
        var readable = pollfd(fd: context.pointee.fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&readable, 1, milliseconds)
        if ready == 0 || (ready < 0 && errno == EINTR) { return [] }
        guard ready > 0, redisBufferRead(context) == REDIS_OK else { throw failure() }
        replies = try buffered()
        return replies
    }

    /// The complete replies hiredis has read but not handed out.
    private func buffered() throws -> [Reply] {
        var replies: [Reply] = []
        while true {
            var next: UnsafeMutableRawPointer?
            guard redisGetReplyFromReader(context, &next) == REDIS_OK else { throw failure() }
            guard let next else { return replies }
            replies.append(Self.convert(next.assumingMemoryBound(to: redisReply.self)))
            freeReplyObject(next)
        }
    }

    private func withArgv<Result>(
        _ arguments: [[UInt8]], _ body: (Int32, UnsafeMutablePointer<UnsafePointer<CChar>?>, [Int]) -> Result
    ) -> Result {
        let lengths = arguments.map(\.count)
        var offsets: [Int] = []
        var joined: [UInt8] = [0]
        for argument in arguments {
            offsets.append(joined.count)
            joined += argument
        }
        return joined.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                var pointers = offsets.map { UnsafePointer<CChar>?(characters.baseAddress! + $0) }
                return body(Int32(arguments.count), &pointers, lengths)
            }
        }
    }

    private func failure() -> AuthError {
        let reason = withUnsafeBytes(of: context.pointee.errstr) {
            String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
        }
        return AuthError(
            .sessionStore,
            "cannot reach Redis at \(address.display): \(reason.isEmpty ? "connection failed" : reason)")
    }

    private static func convert(_ reply: UnsafeMutablePointer<redisReply>) -> Reply {
        switch reply.pointee.type {
        case sitegen_redis_reply_string:
            guard let text = reply.pointee.str else { return .bytes([]) }
            return .bytes(Array(UnsafeRawBufferPointer(start: text, count: reply.pointee.len)))
        case sitegen_redis_reply_integer: return .integer(Int(reply.pointee.integer))
        case sitegen_redis_reply_status: return .status(string(reply))
        case sitegen_redis_reply_array:
            return .array((0..<reply.pointee.elements).compactMap { reply.pointee.element[$0].map(convert) })
        default: return .null
        }
    }

    private static func string(_ reply: UnsafeMutablePointer<redisReply>) -> String {
        guard let text = reply.pointee.str else { return "" }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: reply.pointee.len), as: UTF8.self)
    }
}

/// `redis://[[user]:password@]host[:port][/database]`, as `session_store` names a Redis server.
public struct RedisAddress: Sendable, Equatable {
    /// Host name or address.
    public var host: String
    /// TCP port, 6379 by default.
    public var port: Int
    /// Database number, 0 by default.
    public var database: Int
    /// ACL user name, if any.
    public var user: String?
    /// Password, if any; never shown.
    public var password: String?

    /// The address without the password, for messages.
    public var display: String { "\(host):\(port)/\(database)" }

    /// Parses the address; nil when it is not a `redis://` URL with a host.
    public init?(_ text: String) {
        guard let components = URLComponents(string: text), components.scheme == "redis",
            let host = components.host, !host.isEmpty
        else { return nil }
        self.host = host
        port = components.port ?? 6379
        let path = components.path.drop { $0 == "/" }
        guard path.isEmpty || Int(path) != nil else { return nil }
        database = Int(path) ?? 0
        user = components.user.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding }
        password = components.password?.removingPercentEncoding
    }
}
