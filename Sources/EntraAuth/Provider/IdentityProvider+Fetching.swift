import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetching from the provider, and reading its key set: which keys to trust, and for how long.
extension IdentityProvider {
    /// Runs a fetch of `document` and counts whether it succeeded.
    func counting<Value>(_ document: ProviderRefresh.Document, _ fetch: () throws -> Value) throws -> Value {
        do {
            let value = try fetch()
            metrics?.providerRefreshes.increment(ProviderRefresh(document, succeeded: true))
            return value
        } catch {
            metrics?.providerRefreshes.increment(ProviderRefresh(document, succeeded: false))
            throw error
        }
    }

    /// The error for a `kid` the keys lack, whose set was `fetched` then. When that fetch `failed`, the token may be
    /// signed with a key the provider could not send: the provider is unreachable, and the token no worse for it.
    static func unknownKey(_ keyID: String?, fetched: String, failed: Bool) -> AuthError {
        let missing = "no signing key with kid '\(keyID ?? "none")'"
        guard failed else {
            return AuthError(.invalidToken, "\(missing) in the provider's key set, fetched \(fetched)")
        }
        return AuthError(
            .providerUnreachable, "\(missing) among the last good keys; fetching the key set failed \(fetched)")
    }

    /// The key set at `jwksURI`, its bytes, and how long it may be used.
    func fetchKeys(from jwksURI: URL) throws -> (Keys, Data, TimeInterval) {
        let answer = try fetch(jwksURI, what: "key set")
        return (try Self.parseKeys(answer.body), answer.body, Self.renewalInterval(answer))
    }

    /// The provider's 200 answer for `url`; anything else is `providerUnreachable`, naming `what` was asked for.
    func fetch(_ url: URL, what: String) throws -> HTTPAnswer {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let answer: HTTPAnswer
        do {
            answer = try http.send(request)
        } catch {
            throw AuthError(
                .providerUnreachable, "cannot fetch the \(what) from \(url): \(error.localizedDescription)")
        }
        guard answer.status == 200 else {
            throw AuthError(.providerUnreachable, "the \(what) at \(url) answered HTTP \(answer.status)")
        }
        return answer
    }

    /// The key set's `Cache-Control: max-age`, kept within `renewal`; a day when the provider does not say.
    static func renewalInterval(_ answer: HTTPAnswer) -> TimeInterval {
        let maxAge = answer.header("cache-control").flatMap(CacheControl.maxAge(in:)) ?? renewal.upperBound
        return min(max(maxAge, renewal.lowerBound), renewal.upperBound)
    }

    /// Keeps the RSA signing keys; a key set with none is refused so the last good keys stay in use.
    static func parseKeys(_ data: Data) throws -> Keys {
        let set: JSONWebKeySet
        do {
            set = try JSONDecoder().decode(JSONWebKeySet.self, from: data)
        } catch {
            throw AuthError(.providerUnavailable, "the key set is not valid JWKS JSON: \(error)")
        }
        var keys = Keys(byID: [:], anonymous: [])
        for jwk in set.keys where jwk.kty == "RSA" && (jwk.use == nil || jwk.use == "sig") {
            guard jwk.alg == nil || jwk.alg == "RS256", let key = try? jwk.rsaPublicKey() else { continue }
            let trusted = TrustedKey(key: key, issuer: jwk.issuer)
            if let kid = jwk.kid { keys.byID[kid] = trusted } else { keys.anonymous.append(trusted) }
        }
        guard !keys.byID.isEmpty || !keys.anonymous.isEmpty else {
            throw AuthError(.providerUnavailable, "the key set has no usable RSA signing key")
        }
        return keys
    }
}
