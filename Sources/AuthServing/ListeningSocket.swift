import CFastCGI
public import EntraAuth
public import Foundation

/// The socket a FastCGI responder accepts on: opened by libfcgi at a `ListenAddress`, or handed over on file
/// descriptor 0 (systemd socket activation, spawn-fcgi).
public enum ListeningSocket {
    /// The inherited socket of a process started by systemd or spawn-fcgi.
    public static let inherited: Int32 = 0

    /// Opens a listening socket at `address`. A unix socket gets mode 0660 and, when given, `group`: only the owner
    /// and nginx's group may connect, for anyone who can talk FastCGI to sitegen-auth can ask it anything.
    public static func open(_ address: ListenAddress, group: gid_t?) throws(AuthError) -> Int32 {
        try initialise()
        if case .unix(let path) = address { unlink(path) }
        let socket = FCGX_OpenSocket(address.fastCGIPath, 128)
        guard socket >= 0 else {
            throw AuthError(.serving, "cannot listen on \(address.fastCGIPath): \(String(cString: strerror(errno)))")
        }
        if case .unix(let path) = address { try restrict(path, to: group) }
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
