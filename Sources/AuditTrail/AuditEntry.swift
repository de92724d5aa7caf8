public import Foundation

/// One request as nginx's `sitegen_audit` log format writes it (deploy/nginx/sitegen-auth-http.conf): a JSON line.
///
/// ```json
/// {"time":"2026-10-14T09:12:03+00:00","oid":"aaaaaaaa-…","name":"Ann Lee","email":"ann@example.com",
///  "tenant":"11111111-…","method":"GET","path":"/finance/q3/","status":200,"bytes":5120,"check":"HIT"}
/// ```
public struct AuditEntry: Codable, Equatable, Sendable {
    /// When nginx finished the request.
    public let time: Date
    /// The reader's Entra object id; empty for a reader who was not signed in.
    public let oid: String
    /// The reader's display name (display only: names change, object ids do not).
    public let name: String
    /// The reader's e-mail address or, without one, their sign-in name.
    public let email: String
    /// The reader's tenant id.
    public let tenant: String
    /// The request method.
    public let method: String
    /// The request path with its query, as the browser sent it (sign-in paths without their query).
    public let path: String
    /// The status nginx answered with.
    public let status: Int
    /// The bytes of the body nginx sent.
    public let bytes: Int
    /// How nginx answered the auth check: `HIT` from its 5-second cache, `MISS`/`EXPIRED` from sitegen-auth,
    /// empty where no check ran.
    public let check: String

    /// An entry with every field given.
    public init(
        time: Date, oid: String, name: String, email: String, tenant: String, method: String, path: String,
        status: Int, bytes: Int, check: String
    ) {
        self.time = time
        self.oid = oid
        self.name = name
        self.email = email
        self.tenant = tenant
        self.method = method
        self.path = path
        self.status = status
        self.bytes = bytes
        self.check = check
    }

    /// Whether a signed-in reader made the request (nginx writes `-` or nothing for anonymous ones).
    public var signedIn: Bool { !oid.isEmpty && oid != "-" }
}
