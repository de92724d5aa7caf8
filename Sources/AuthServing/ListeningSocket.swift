import CFastCGI
public import EntraAuth
public import Foundation

/// The socket a FastCGI responder accepts on: opened by libfcgi at a `ListenAddress`, or handed over on file
/// descriptor 0 (systemd socket activation, spawn-fcgi).
public enum ListeningSocket {
    /// The inherited socket of a process started by systemd or spawn-fcgi.
    public static let inherited: Int32 = 0

    /// Opens a listening socket at `address`. A unix socket gets mode 0660 and, when given, `group`: only the owner
    /// and nginx's group may connect, for anyone who can talk FastCGI to sitegen-auth can ask it anything. Opened
    /// here rather than by libfcgi's `FCGX_OpenSocket`, which ends the process itself on any failure with a line of
    /// its own (`bind/listen: Address already in use`), so the error names the address and says what to do.
    public static func open(_ address: ListenAddress, group: gid_t?) throws(AuthError) -> Int32 {
        try initialise()
        let socket: Int32
        switch address {
        case .unix(let path):
            unlink(path)
            socket = try listening(onUnix: path)
            try restrict(path, to: group)
        case .tcp(let host, let port):
            socket = try listening(onHost: host, port: port)
        }
        return socket
    }

    private static func failure(_ address: String, _ code: Int32, hint: String) -> AuthError {
        AuthError(.serving, "cannot listen on \(address): \(String(cString: strerror(code))); \(hint)")
    }

    private static func listening(onUnix path: String) throws(AuthError) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let fits = withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            guard bytes.count < buffer.count else { return false }
            buffer.copyBytes(from: bytes + [0])
            return true
        }
        guard fits else {
            throw AuthError(
                .serving, "cannot listen on unix:\(path): the path is too long; use one of at most 107 bytes")
        }
        let socket = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw failure("unix:\(path)", errno, hint: "the system cannot open a socket") }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, listen(socket, 128) == 0 else {
            let code = errno
            close(socket)
            throw failure(
                "unix:\(path)", code, hint: "does its folder exist, and may this user create a file in it?")
        }
        return socket
    }

    private static func listening(onHost written: String, port: Int) throws(AuthError) -> Int32 {
        let shown = "\(written):\(port)"
        // `[::1]` is an IPv6 address; any other host with a colon is no host (`tcp:127.0.0.1`).
        let host = written.hasPrefix("[") && written.hasSuffix("]") ? String(written.dropFirst().dropLast()) : written
        guard !host.contains(":") || written.hasPrefix("[") else {
            throw AuthError(
                .serving, "cannot listen on \(shown): '\(written)' is no host; write HOST:PORT, e.g. 127.0.0.1:9000")
        }
        var hints = addrinfo()
        hints.ai_flags = AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host.isEmpty ? nil : host, String(port), &hints, &found)
        guard resolved == 0, let first = found else {
            throw AuthError(
                .serving,
                "cannot listen on \(shown): \(String(cString: gai_strerror(resolved))); write HOST:PORT, e.g. 127.0.0.1:9000"
            )
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard socket >= 0 else { throw failure(shown, errno, hint: "the system cannot open a socket") }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0, listen(socket, 128) == 0 else {
            let code = errno
            close(socket)
            throw failure(shown, code, hint: "is another sitegen-auth listening there? Choose another --listen address")
        }
        return socket
    }

    /// Whether this process was started as a plain CGI program (no FastCGI socket on file descriptor 0).
    public static func startedAsCGI() throws(AuthError) -> Bool {
        try initialise()
        return FCGX_IsCGI() != 0
    }

    private static func initialise() throws(AuthError) {
        guard FCGX_Init() == 0 else { throw AuthError(.serving, "cannot initialise libfcgi") }
    }

    private static func restrict(_ path: String, to group: gid_t?) throws(AuthError) {
        if let group, chown(path, getuid(), group) != 0 {
            throw AuthError(.serving, "cannot give \(path) to group \(group): \(String(cString: strerror(errno)))")
        }
        guard chmod(path, 0o660) == 0 else {
            throw AuthError(.serving, "cannot restrict \(path) to mode 0660: \(String(cString: strerror(errno)))")
        }
    }
}
