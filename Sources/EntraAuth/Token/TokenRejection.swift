/// Why a sign-in was refused; the reason goes to the log and (without secrets) to the error page.
struct TokenRejection: Error, CustomStringConvertible, Sendable {
    enum Kind: Sendable {
        case invalidToken
        case tenantNotAllowed
        case groupsOverage
    }

    let description: String
    let kind: Kind

    init(_ description: String, kind: Kind = .invalidToken) {
        self.description = description
        self.kind = kind
    }
}
