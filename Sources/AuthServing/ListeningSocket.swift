public import EntraAuth
public import Foundation

/// The socket a FastCGI responder accepts on: opened at a `ListenAddress`, or handed over on file descriptor 0
/// (systemd socket activation, spawn-fcgi).
public enum ListeningSocket {
    /// The inherited socket of a process started by systemd or spawn-fcgi.
    public static let inherited: Int32 = 0

    /// Opens a listening socket at `address`. A unix socket gets mode 0660 and, when given, `group`: only the owner
    /// and nginx's group may connect, for anyone who can talk FastCGI to sitegen-auth can ask it anything. A failure
    /// names the address and says what to do.
    public static func open(_ address: ListenAddress, group: gid_t?) throws(AuthError) -> Int32 {
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

    /// Resolved and bound as the other TCP listeners are (`LoopbackAddress`); any address may be given, as Apache on
    /// another host may need.
    private static func listening(onHost host: String, port: Int) throws(AuthError) -> Int32 {
        let shown = "\(host):\(port)"
        let address = try LoopbackAddress(shown, allowRemote: true, option: "--listen", remoteRisk: "")
        switch address.listeningSocket(backlog: 128) {
        case .success(let socket): return socket
        case .failure(let error):
            throw failure(
                shown, error.code.rawValue,
                hint: "is another sitegen-auth listening there? Choose another --listen address")
        }
    }

    /// Whether this process was started as a plain CGI program: file descriptor 0 is no listening socket. A
    /// FastCGI spawner hands over a socket that listens and so has no peer; a CGI program's standard input is a
    /// pipe, a file or a connected socket.
    public static func startedAsCGI() -> Bool {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(inherited, $0, &length) }
        }
        return !(named != 0 && errno == ENOTCONN)
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
