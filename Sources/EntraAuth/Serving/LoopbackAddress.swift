public import Foundation

/// An address a TCP listener of sitegen-auth binds, `HOST:PORT` or `[::1]:PORT` for IPv6, resolved once at start:
/// `--metrics-listen` and `--listen-http`.
///
/// Loopback only, unless remote clients are allowed explicitly: neither listener has a sign-in of its own, and the
/// error that refuses another address names the option and says what reaching it would give away (`remoteRisk`).
/// The rule is checked on the resolved address, so a name that resolves elsewhere than loopback is refused as well.
///
/// ```swift
/// let address = try LoopbackAddress("127.0.0.1:9464", option: "--metrics-listen", remoteRisk: MetricsListener.remoteRisk)
/// ```
public struct LoopbackAddress: Sendable {
    /// The address as given.
    public let text: String
    /// The host part, without IPv6 brackets.
    public let host: String
    /// The port, 0 for one the system chooses.
    public let port: Int
    /// Every address the host resolves to is loopback (`127.0.0.0/8`, `::1`).
    public let isLoopback: Bool
    let family: Int32
    /// The `sockaddr` to bind, as bytes.
    let socketAddress: [UInt8]

    /// Resolves `text`; throws when it is malformed, does not resolve, or is not loopback without `allowRemote`.
    public init(_ text: String, allowRemote: Bool = false, option: String, remoteRisk: String) throws(AuthError) {
        guard let (host, port) = Self.split(text) else {
            throw AuthError(
                .config, "\(option) must be HOST:PORT, such as 127.0.0.1:9464 or [::1]:9464, not '\(text)'")
        }
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw AuthError(
                .config,
                "\(option) \(text): cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(found) }
        var loopback = true
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            loopback = loopback && Self.isLoopback(entry.pointee)
            cursor = entry.pointee.ai_next
        }
        guard loopback || allowRemote else {
            throw AuthError(.config, "\(option) \(text) is not a loopback address. \(remoteRisk)")
        }
        self.text = text
        self.host = host
        self.port = port
        isLoopback = loopback
        family = first.pointee.ai_family
        socketAddress = Array(
            UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
    }

    /// A socket bound to this address and listening, with `SO_REUSEADDR` so a restart finds the port free; on
    /// failure, the `errno` of the step that failed, the socket closed.
    public func listeningSocket(backlog: Int32) -> Result<Int32, POSIXError> {
        let socket = Foundation.socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = socketAddress.withUnsafeBytes { bytes in
            bind(socket, bytes.baseAddress?.assumingMemoryBound(to: sockaddr.self), socklen_t(bytes.count))
        }
        guard bound == 0, listen(socket, backlog) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            close(socket)
            return .failure(POSIXError(code))
        }
        return .success(socket)
    }

    /// `host:port` or `[v6]:port`; nil when either part is missing or the port is not 0…65535.
    static func split(_ text: String) -> (host: String, port: Int)? {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            guard text[close...].hasPrefix("]:") else { return nil }
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            guard !host.contains(":") else { return nil }
        }
        guard !host.isEmpty, let port = Int(portText), (0...65535).contains(port) else { return nil }
        return (String(host), port)
    }

    private static func isLoopback(_ entry: addrinfo) -> Bool {
        guard let address = entry.ai_addr else { return false }
        switch entry.ai_family {
        case AF_INET:
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            return UInt32(bigEndian: ipv4) >> 24 == 127
        case AF_INET6:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { Array($0) }
            }
            let mappedIPv4: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes == Array(repeating: 0, count: 15) + [1]
                || (Array(bytes.prefix(12)) == mappedIPv4 && bytes[12] == 127)
        default:
            return false
        }
    }
}
