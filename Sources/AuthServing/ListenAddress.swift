/// Where the FastCGI responder listens: a unix socket path or a TCP host and port (`--listen`).
public enum ListenAddress: Equatable, Sendable {
    /// `unix:/run/sitegen-auth/auth.sock`
    case unix(String)
    /// `127.0.0.1:9000`
    case tcp(host: String, port: Int)

    /// Parses `unix:PATH` or `HOST:PORT`; nil for anything else.
    public init?(_ text: String) {
        if text.hasPrefix("unix:") {
            let path = String(text.dropFirst(5))
            guard path.hasPrefix("/") || path.hasPrefix(".") else { return nil }
            self = .unix(path)
            return
        }
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (1...65535).contains(port)
        else { return nil }
        self = .tcp(host: String(text[..<colon]), port: port)
    }

}
