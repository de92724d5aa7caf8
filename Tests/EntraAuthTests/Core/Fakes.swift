import Foundation

@testable import EntraAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers requests from a table keyed by URL, records every request, and can play an unreachable provider.
final class FakeHTTPClient: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [String: HTTPAnswer] = [:]
    private var sent: [URLRequest] = []
    private var unreachable = false
    private var unreachableURLs: Set<String> = []
    private var inFlight: (() -> Void)?

    /// Runs once, during the next request, before it is answered: what happens while a request waits.
    var whileWaiting: (() -> Void)? {
        get { lock.withLock { inFlight } }
        set { lock.withLock { inFlight = newValue } }
    }

    /// When true, every request throws as if the connection failed.
    var isUnreachable: Bool {
        get { lock.withLock { unreachable } }
        set { lock.withLock { unreachable = newValue } }
    }

    /// Requests to `url` throw as if the connection failed; others are answered.
    func makeUnreachable(_ url: URL) {
        lock.withLock { _ = unreachableURLs.insert(url.absoluteString) }
    }

    func answer(_ url: URL, status: Int = 200, body: String, headers: [String: String] = [:]) {
        lock.withLock {
            answers[url.absoluteString] = HTTPAnswer(status: status, body: Data(body.utf8), headers: headers)
        }
    }

    func send(_ request: URLRequest) throws -> HTTPAnswer {
        let waiting = lock.withLock {
            defer { inFlight = nil }
            return inFlight
        }
        waiting?()
        return try lock.withLock {
            sent.append(request)
            if unreachable || unreachableURLs.contains(request.url?.absoluteString ?? "") {
                throw URLError(.cannotConnectToHost)
            }
            return answers[request.url?.absoluteString ?? ""] ?? HTTPAnswer(status: 404, body: Data())
        }
    }

    /// How many requests went to `url`, answered or not.
    func callCount(_ url: URL) -> Int {
        lock.withLock { sent.filter { $0.url == url }.count }
    }

    /// The requests sent to `url`, oldest first.
    func requests(to url: URL) -> [URLRequest] {
        lock.withLock { sent.filter { $0.url == url } }
    }
}

/// A clock that stands still until a test moves it.
final class MovableClock: TimeSource, @unchecked Sendable {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = MovableClock.start) {
        current = start
    }

    func now() -> Date { lock.withLock { current } }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    /// Now in whole seconds since 1970, as JWT claims carry it.
    var seconds: Int { Int(now().timeIntervalSince1970) }
}

/// Reproducible bytes that still differ on every call: SHA-256 of a seed and a counter.
final class CountingRandom: RandomSource, @unchecked Sendable {
    private let lock = NSLock()
    private let seed: String
    private var counter = 0

    init(seed: String = "sitegen-auth tests") {
        self.seed = seed
    }

    func bytes(_ count: Int) -> [UInt8] {
        lock.withLock {
            var output: [UInt8] = []
            while output.count < count {
                counter += 1
                output += SHA256Digest.hash(Array("\(seed)/\(counter)".utf8))
            }
            return Array(output.prefix(count))
        }
    }
}

/// Collects the lines an `AuthLog` writes.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var captured: [String] = []

    var lines: [String] { lock.withLock { captured } }

    func log(time: any TimeSource) -> AuthLog {
        AuthLog(time: time) { line in self.lock.withLock { self.captured.append(line) } }
    }
}

/// A folder of its own for one test, removed when the test lets go of it.
final class TemporaryFolder: Sendable {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("authtests-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes `text` to `name` inside the folder and returns the full path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        return file
    }
}

/// RSA keys shared by the core tests, because generating them is slow.
enum TestKeys {
    static let first = CryptoTestKeys.signing
    static let second = CryptoTestKeys.other
    static let third = try! RSAPrivateKey.generate(bits: 2048)
}

/// A key in the provider's JWKS, with or without a `kid`.
struct SigningKey: Sendable {
    var kid: String?
    var key: RSAPrivateKey
}

/// A stand-in Entra authority: its discovery document, its JWKS, and ID tokens signed with its keys.
struct TestProvider: Sendable {
    static let tenantID = "72f988bf-86f1-41af-91ab-2d7cd011db47"
    static let otherTenantID = "f8cdef31-a31e-4b4a-93e4-5f571e91255a"
    static let clientID = "6731de76-14a6-49ae-97bc-6eba6914391e"

    /// The authority segment after the host: a tenant id, `organizations`, `common`, `consumers`, a domain.
    let segment: String
    /// The `issuer` of the discovery document (a template for `organizations` and `common`).
    let discoveredIssuer: String

    var metadataURL: URL {
        URL(string: "https://login.microsoftonline.com/\(segment)/v2.0/.well-known/openid-configuration")!
    }
    var authorizationEndpoint: URL {
        URL(string: "https://login.microsoftonline.com/\(segment)/oauth2/v2.0/authorize")!
    }
    var tokenEndpoint: URL { URL(string: "https://login.microsoftonline.com/\(segment)/oauth2/v2.0/token")! }
    var jwksURI: URL { URL(string: "https://login.microsoftonline.com/\(segment)/discovery/v2.0/keys")! }
    var endSessionEndpoint: URL { URL(string: "https://login.microsoftonline.com/\(segment)/oauth2/v2.0/logout")! }

    /// A single-tenant authority whose issuer names the tenant.
    static let singleTenant = TestProvider(
        segment: tenantID, discoveredIssuer: "https://login.microsoftonline.com/\(tenantID)/v2.0")

    /// A multi-tenant authority (`organizations` or `common`) with the `{tenantid}` issuer template.
    static func multiTenant(_ segment: String) -> TestProvider {
        TestProvider(segment: segment, discoveredIssuer: "https://login.microsoftonline.com/{tenantid}/v2.0")
    }

    /// The issuer a token from `tenant` carries.
    func tokenIssuer(tenant: String = TestProvider.tenantID) -> String {
        discoveredIssuer.replacingOccurrences(of: "{tenantid}", with: tenant)
    }

    func discoveryDocument(issuer: String? = nil) -> String {
        """
        {"issuer":"\(issuer ?? discoveredIssuer)","authorization_endpoint":"\(authorizationEndpoint.absoluteString)",
         "token_endpoint":"\(tokenEndpoint.absoluteString)","jwks_uri":"\(jwksURI.absoluteString)",
         "end_session_endpoint":"\(endSessionEndpoint.absoluteString)",
         "response_types_supported":["code","id_token"],"id_token_signing_alg_values_supported":["RS256"]}
        """
    }

    /// An Entra-style JWKS: RSA keys with `kid`, `use` and `issuer`, but no `alg`.
    func keySet(_ keys: [SigningKey]) -> String {
        let entries = keys.map { entry in
            let kid = entry.kid.map { #""kid":"\#($0)","# } ?? ""
            let modulus = Base64URL.encode(entry.key.publicComponents.modulus)
            let exponent = Base64URL.encode(entry.key.publicComponents.exponent)
            return #"{"kty":"RSA","use":"sig",\#(kid)"n":"\#(modulus)","e":"\#(exponent)","#
                + #""issuer":"\#(discoveredIssuer)"}"#
        }
        return #"{"keys":["# + entries.joined(separator: ",") + "]}"
    }

    /// Makes `http` serve this provider's discovery document and a JWKS with `keys`.
    func serve(on http: FakeHTTPClient, keys: [SigningKey] = [SigningKey(kid: "k1", key: TestKeys.first)]) {
        http.answer(metadataURL, body: discoveryDocument())
        serveKeys(keys, on: http)
    }

    func serveKeys(_ keys: [SigningKey], on http: FakeHTTPClient) {
        http.answer(jwksURI, body: keySet(keys))
    }

    /// The claims of a valid ID token issued now for `nonce`.
    func claims(nonce: String, now: Int, tenant: String = TestProvider.tenantID) -> [String: JSONValue] {
        [
            "iss": .string(tokenIssuer(tenant: tenant)),
            "aud": .string(Self.clientID),
            "sub": "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
            "oid": "00000000-0000-0000-66f3-3332eca7ea81",
            "tid": .string(tenant),
            "iat": .number(Double(now)),
            "nbf": .number(Double(now)),
            "exp": .number(Double(now + 3600)),
            "nonce": .string(nonce),
            "name": "Ann Lee",
            "preferred_username": "ann@contoso.example",
            "email": "ann.lee@contoso.example",
            "roles": ["Finance.Read"],
            "login_hint": "O.CiQ3MmY5ODhiZi04NmYxLTQxYWYtOTFhYi0yZDdjZDAxMWRiNDcSJGFubkBjb250b3NvLmV4YW1wbGU",
            "sid": "00aa7d1c-2f8a-4c1d-9b1e-000000000001",
        ]
    }

    /// Signs `claims` as an ID token; `kid` nil leaves the header without one.
    func idToken(
        _ claims: [String: JSONValue], kid: String? = "k1", key: RSAPrivateKey = TestKeys.first,
        algorithm: SignatureAlgorithm = .rs256
    ) throws -> String {
        var header: [String: JSONValue] = ["typ": "JWT"]
        if let kid { header["kid"] = .string(kid) }
        return try JWTSigner.sign(header: header, claims: claims, key: key, algorithm: algorithm)
    }
}

/// A strong cookie secret (the shape `openssl rand -base64 48` prints) that differs per label.
func strongSecret(_ label: String = "main") -> String {
    Data(SHA256Digest.hash(Array(label.utf8)) + SHA256Digest.hash(Array((label + "/2").utf8)).prefix(16))
        .base64EncodedString()
}
