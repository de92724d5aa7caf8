import Foundation

/// One sign-in attempt: the CSRF `state`, the `nonce`, the PKCE verifier and the page to return to.
///
/// Each attempt lives in a short-lived sealed cookie in one of three slots, so several tabs signing in at once do
/// not overwrite each other, while no number of sign-ins started at once — by a reader, or by a page that opens
/// `/.auth/login` over and over — can add cookies beyond the slots and grow the Cookie header past what nginx
/// accepts (8 KiB), which would lock the reader out until the cookies expired.
struct LoginTransaction: Codable, Sendable, Equatable {
    static let lifetime: TimeInterval = 600
    /// Cookie slots; a new attempt takes a free one, else the oldest. The `state` starts with its slot's digit.
    static let slots = 3
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

    static func start(returnPath: String, slot: Int, random: any RandomSource, now: Date) -> LoginTransaction {
        LoginTransaction(
            state: "\(slot)" + Base64URL.encode(random.bytes(32)),
            nonce: Base64URL.encode(random.bytes(32)),
            verifier: Base64URL.encode(random.bytes(32)),
            returnPath: returnPath,
            createdAt: Int(now.timeIntervalSince1970)
        )
    }

    /// The slot a state names, or nil for a state this code did not make.
    static func slot(ofState state: String) -> Int? {
        guard let digit = state.first?.wholeNumberValue, (0..<slots).contains(digit) else { return nil }
        return digit
    }

    /// RFC 7636 S256: BASE64URL(SHA-256(ASCII(code_verifier))).
    var codeChallenge: String { Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8))) }

    func isExpired(at now: Date) -> Bool {
        now.timeIntervalSince1970 - Double(createdAt) > Self.lifetime
            || Double(createdAt) > now.timeIntervalSince1970 + 300
    }
}

/// Seals transactions into their slot cookies and finds them again by state.
struct TransactionCookies: Sendable {
    private let sealer: CookieSealer
    private let prefix: String
    private let attributes: String

    init(sealer: CookieSealer, secureSite: Bool) {
        self.sealer = sealer
        prefix = CookieAttributes.name(LoginTransaction.namePrefix, secureSite: secureSite)
        attributes = CookieAttributes.suffix(secureSite: secureSite)
    }

    func name(ofSlot slot: Int) -> String { prefix + "\(slot)" }

    /// The slot for a new attempt: a free one (chosen at random, so attempts started at the same moment spread
    /// out), else the one holding the oldest attempt.
    func freeSlot(in cookies: Cookies, now: Date, random: any RandomSource) -> Int {
        let created = (0..<LoginTransaction.slots).map { slot in
            cookies[name(ofSlot: slot)].flatMap { open($0, named: name(ofSlot: slot), now: now) }?.createdAt
        }
        let free = created.indices.filter { created[$0] == nil }
        if !free.isEmpty { return free[Int(random.bytes(1)[0]) % free.count] }
        return created.indices.min { created[$0] ?? 0 < created[$1] ?? 0 } ?? 0
    }

    func setCookie(for transaction: LoginTransaction, random: any RandomSource) throws -> String {
        let name = name(ofSlot: LoginTransaction.slot(ofState: transaction.state) ?? 0)
        // Unescaped slashes: with `ReturnPath`'s `"` encoded, the JSON holds the return path byte for byte.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        let value = sealer.seal(Array(try encoder.encode(transaction)), cookieName: name, random: random)
        return "\(name)=\(value)\(attributes); Max-Age=\(Int(LoginTransaction.lifetime))"
    }

    func clearCookie(named name: String) -> String { "\(name)=\(attributes); Max-Age=0" }

    /// The cookie name of the attempt a state belongs to, nil for a state this code did not make.
    func name(forState state: String) -> String? {
        LoginTransaction.slot(ofState: state).map(name(ofSlot:))
    }

    /// The open transaction whose state matches exactly, if its cookie is present, intact and fresh.
    func transaction(forState state: String, in cookies: Cookies, now: Date) -> LoginTransaction? {
        guard state.count >= 16, let name = name(forState: state), let value = cookies[name],
            let transaction = open(value, named: name, now: now),
            constantTimeEquals(Array(transaction.state.utf8), Array(state.utf8))
        else { return nil }
        return transaction
    }

    /// The most recently started open attempt, for a provider answer that carries no state.
    func newest(in cookies: Cookies, now: Date) -> (name: String, transaction: LoginTransaction)? {
        attempts(in: cookies, now: now).compactMap { attempt in attempt.transaction.map { (attempt.name, $0) } }
            .max { $0.transaction.createdAt < $1.transaction.createdAt }
    }

    /// `Set-Cookie` values deleting transaction cookies that expired or do not open, and any outside the slots
    /// (left by older versions), except `keeping`, which is about to be replaced.
    func cleanUp(_ cookies: Cookies, now: Date, keeping replaced: String) -> [String] {
        attempts(in: cookies, now: now).filter { $0.name != replaced && $0.transaction == nil }.map(\.name)
            .map(clearCookie(named:))
    }

    /// Every transaction cookie, opened when it is an intact, fresh attempt in a slot, nil otherwise.
    private func attempts(in cookies: Cookies, now: Date) -> [(name: String, transaction: LoginTransaction?)] {
        let slots = Set((0..<LoginTransaction.slots).map(name(ofSlot:)))
        return cookies.all.filter { $0.name.hasPrefix(prefix) }.map { cookie in
            (cookie.name, slots.contains(cookie.name) ? open(cookie.value, named: cookie.name, now: now) : nil)
        }
    }

    private func open(_ value: Substring, named name: String, now: Date) -> LoginTransaction? {
        guard let plaintext = sealer.open(value, cookieName: name),
            let transaction = try? JSONDecoder().decode(LoginTransaction.self, from: Data(plaintext)),
            !transaction.isExpired(at: now), name == self.name(forState: transaction.state)
        else { return nil }
        return transaction
    }
}
