import Foundation

/// Errors the identity provider answered a sign-in with, by OAuth `error` and Entra `AADSTS` code.
///
/// Both come from the callback's query string, which anyone can write, so the labels are kept to a bounded set: an
/// `error` outside the OAuth and OpenID Connect lists is `other`, a code that is not `AADSTS` and 5 to 7 digits is
/// `other` (`none` without one), and after `seriesLimit` distinct pairs every new pair counts as `other`/`other`.
/// Not on the check path: a lock is fine here.
final class ProviderErrorCounter: @unchecked Sendable {
    static let seriesLimit = 64
    static let knownErrors: Set<String> = [
        "invalid_request", "unauthorized_client", "access_denied", "unsupported_response_type", "invalid_scope",
        "server_error", "temporarily_unavailable", "interaction_required", "login_required",
        "account_selection_required", "consent_required", "invalid_request_uri", "invalid_request_object",
        "request_not_supported", "request_uri_not_supported", "registration_not_supported", "invalid_grant",
        "invalid_client", "unsupported_grant_type", "invalid_resource",
    ]

    private struct Key: Hashable {
        var error: String
        var code: String
    }

    private let lock = NSLock()
    private var counts: [Key: UInt64] = [:]

    /// Counts one error; `description` is the `error_description`, where Entra puts its code.
    func record(error: String, description: String) {
        var key = Key(error: Self.errorLabel(error), code: Self.codeLabel(in: description))
        lock.withLock {
            if counts[key] == nil, counts.count >= Self.seriesLimit { key = Key(error: "other", code: "other") }
            counts[key, default: 0] += 1
        }
    }

    /// The OAuth error as a label: a known code, `http_` and a status from the token endpoint, or `other`.
    static func errorLabel(_ error: String) -> String {
        if knownErrors.contains(error) { return error }
        let digits = error.utf8.dropFirst(5)
        if error.hasPrefix("http_"), digits.count == 3, digits.allSatisfy({ (0x30...0x39).contains($0) }) {
            return error
        }
        return "other"
    }

    /// The first `AADSTS` code in an error description as a label: `AADSTS50011`, `none`, or `other` when
    /// malformed.
    static func codeLabel(in description: String) -> String {
        guard let start = description.range(of: "AADSTS") else { return "none" }
        let digits = description[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return (5...7).contains(digits.count) ? "AADSTS" + digits : "other"
    }

    func family(_ name: String, help: String) -> MetricFamily {
        let snapshot = lock.withLock { counts }
        let samples = snapshot.sorted { ($0.key.error, $0.key.code) < ($1.key.error, $1.key.code) }.map {
            MetricFamily.Sample(
                name: name, labels: [.init("error", $0.key.error), .init("code", $0.key.code)],
                value: .count($0.value))
        }
        return MetricFamily(name: name, help: help, kind: .counter, samples: samples)
    }
}
