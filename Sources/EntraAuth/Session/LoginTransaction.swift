import Foundation

/// One sign-in attempt: the CSRF `state`, the `nonce`, the PKCE verifier and the page to return to.
///
/// Each attempt has its own short-lived sealed cookie named after its state, so several tabs signing in at once
/// do not overwrite each other, and old attempts expire instead of piling up.
struct LoginTransaction: Codable, Sendable, Equatable {
    static let lifetime: TimeInterval = 600
    /// Attempts kept at once; older ones are deleted when a new one starts, to keep the Cookie header small.
    static let maximumOpen = 4
    static let namePrefix = "sitegen-tx-"

    var state: String
    var nonce: String
    var verifier: String
    var returnPath: String
    var createdAt: Int

    enum CodingKeys: String, CodingKey {
        case state = "s"
        case nonce = "n"
        case verifier = "v"
        case returnPath = "rd"
        case createdAt = "t"
    }

    static func start(returnPath: String, random: any RandomSource, now: Date) -> LoginTransaction {
        LoginTransaction(
            state: Base64URL.encode(random.bytes(32)),
            nonce: Base64URL.encode(random.bytes(32)),
            verifier: Base64URL.encode(random.bytes(32)),
            returnPath: returnPath,
            createdAt: Int(now.timeIntervalSince1970)
        )
    }

    /// RFC 7636 S256: BASE64URL(SHA-256(ASCII(code_verifier))).
    var codeChallenge: String { Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8))) }

    func isExpired(at now: Date) -> Bool {
        now.timeIntervalSince1970 - Double(createdAt) > Self.lifetime
            || Double(createdAt) > now.timeIntervalSince1970 + 300
    }
}

/// Seals transactions into their cookies and finds them again by state.
struct TransactionCookies: Sendable {
    private let sealer: CookieSealer
    private let prefix: String
    private let attributes: String

    init(secrets: [[UInt8]], secureSite: Bool) {
        sealer = CookieSealer(secrets: secrets, purpose: "login-transaction")
        prefix = (secureSite ? "__Host-" : "") + LoginTransaction.namePrefix
        attributes = "; Path=/; HttpOnly; SameSite=Lax" + (secureSite ? "; Secure" : "")
    }

    /// Cookie names carry the first 16 characters of the state, which travels in the URL anyway.
    func name(forState state: String) -> String { prefix + String(state.prefix(16)) }

    func setCookie(for transaction: LoginTransaction, random: any RandomSource) throws -> String {
        let name = name(forState: transaction.state)
        let value = sealer.seal(Array(try JSONEncoder().encode(transaction)), cookieName: name, random: random)
        return "\(name)=\(value)\(attributes); Max-Age=\(Int(LoginTransaction.lifetime))"
    }

    func clearCookie(named name: String) -> String { "\(name)=\(attributes); Max-Age=0" }

    /// The open transaction whose state matches exactly, if its cookie is present, intact and fresh.
    func transaction(forState state: String, in cookies: Cookies, now: Date) -> LoginTransaction? {
        let name = name(forState: state)
        guard state.count >= 16, let value = cookies[name], let transaction = open(value, named: name, now: now),
            constantTimeEquals(Array(transaction.state.utf8), Array(state.utf8))
        else { return nil }
        return transaction
    }

    /// The most recently started open attempt, for a provider answer that carries no state.
    func newest(in cookies: Cookies, now: Date) -> (name: String, transaction: LoginTransaction)? {
        attempts(in: cookies, now: now).compactMap { attempt in attempt.transaction.map { (attempt.name, $0) } }
            .max { $0.transaction.createdAt < $1.transaction.createdAt }
    }

    /// `Set-Cookie` values deleting the oldest attempts beyond the limit and any that expired or do not open.
    func cleanUp(_ cookies: Cookies, now: Date, keeping limit: Int) -> [String] {
        let attempts = attempts(in: cookies, now: now)
        let unusable = attempts.filter { $0.transaction == nil }.map(\.name)
        let oldest = attempts.compactMap { attempt in attempt.transaction.map { (attempt.name, $0.createdAt) } }
            .sorted { $0.1 > $1.1 }.dropFirst(limit).map(\.0)
        return (unusable + oldest).map(clearCookie(named:))
    }

    /// Every transaction cookie, opened when it is intact and fresh, nil otherwise.
    private func attempts(in cookies: Cookies, now: Date) -> [(name: String, transaction: LoginTransaction?)] {
        cookies.all.filter { $0.name.hasPrefix(prefix) }.map { ($0.name, open($0.value, named: $0.name, now: now)) }
    }

    private func open(_ value: Substring, named name: String, now: Date) -> LoginTransaction? {
        guard let plaintext = sealer.open(value, cookieName: name),
            let transaction = try? JSONDecoder().decode(LoginTransaction.self, from: Data(plaintext)),
            !transaction.isExpired(at: now)
        else { return nil }
        return transaction
    }
}
