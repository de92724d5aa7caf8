import Foundation
import Testing

@testable import EntraAuth

/// The accept/reject cases of the OpenID Foundation RP checklist, run against `IDTokenValidator`.
struct IDTokenValidatorTests {
    static let nonce = "n-0S6_WzA2Mj"

    let folder = TemporaryFolder()
    let http = FakeHTTPClient()
    let clock = MovableClock()
    let idp: TestProvider

    init() {
        idp = .singleTenant
    }

    /// A started provider serving `keys`, and a validator over it.
    func validator(
        keys: [SigningKey] = [SigningKey(kid: "k1", key: TestKeys.first)], idp: TestProvider? = nil,
        allowedTenants: [String] = []
    ) throws -> IDTokenValidator {
        let idp = idp ?? self.idp
        idp.serve(on: http, keys: keys)
        let provider = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path,
            log: AuthLog(time: clock) { _ in })
        try provider.start()
        return IDTokenValidator(
            clientID: TestProvider.clientID, allowedTenants: allowedTenants, provider: provider, time: clock)
    }

    func claims(_ changes: [String: JSONValue?] = [:]) -> [String: JSONValue] {
        var claims = idp.claims(nonce: Self.nonce, now: clock.seconds)
        for (name, value) in changes { claims[name] = value }
        return claims
    }

    /// Validates and returns the rejection, failing the test if the token was accepted.
    func rejection(_ token: String, validator: IDTokenValidator) -> AuthError? {
        #expect(throws: AuthError.self) { try validator.validate(token, nonce: .signIn(Self.nonce)) }
    }

    @Test("rp-id_token-sig-rs256: a well-signed RS256 token is accepted")
    func acceptsAWellSignedToken() throws {
        let validated = try validator().validate(try idp.idToken(claims()), nonce: .signIn(Self.nonce))
        #expect(validated["oid"]?.stringValue == "00000000-0000-0000-66f3-3332eca7ea81")
        #expect(validated["tid"]?.stringValue == TestProvider.tenantID)
    }

    @Test("kid-absent-single-jwks: no kid is fine when the JWKS has one key")
    func acceptsNoKidWithOneKey() throws {
        let validator = try validator(keys: [SigningKey(kid: nil, key: TestKeys.first)])
        let token = try idp.idToken(claims(), kid: nil)
        #expect(try validator.validate(token, nonce: .signIn(Self.nonce))["sub"] != nil)
    }

    @Test("kid-absent-multiple-jwks: no kid is ambiguous when the JWKS has several keys")
    func rejectsNoKidWithSeveralKeys() throws {
        let validator = try validator(
            keys: [SigningKey(kid: "k1", key: TestKeys.first), SigningKey(kid: "k2", key: TestKeys.second)])
        let rejection = rejection(try idp.idToken(claims(), kid: nil), validator: validator)
        #expect(rejection?.description.contains("ambiguous") == true)
    }

    @Test("rp-key-rotation: a key published after start-up is fetched on its unknown kid and accepted")
    func acceptsAKeyRotatedInAfterStartUp() throws {
        let validator = try validator()
        idp.serveKeys(
            [SigningKey(kid: "k1", key: TestKeys.first), SigningKey(kid: "k2", key: TestKeys.second)], on: http)
        let token = try idp.idToken(claims(), kid: "k2", key: TestKeys.second)
        #expect(try validator.validate(token, nonce: .signIn(Self.nonce))["sub"] != nil)
        #expect(http.callCount(idp.jwksURI) == 2)
    }

    @Test func rejectsABadSignature() throws {
        let validator = try validator()
        let forged = try idp.idToken(claims(), kid: "k1", key: TestKeys.second)
        #expect(rejection(forged, validator: validator)?.description.contains("signature") == true)

        let genuine = try idp.idToken(claims()).split(separator: ".").map(String.init)
        let otherPayload = Base64URL.encode(try JSONEncoder().encode(claims(["oid": "someone-else"])))
        let swapped = genuine[0] + "." + otherPayload + "." + genuine[2]
        #expect(rejection(swapped, validator: validator)?.description.contains("signature") == true)
    }

    @Test func rejectsAlgNone() throws {
        let validator = try validator()
        let header = Base64URL.encode(Array(#"{"alg":"none","kid":"k1","typ":"JWT"}"#.utf8))
        let payload = Base64URL.encode(try JSONEncoder().encode(claims()))
        let rejection = rejection(header + "." + payload + ".", validator: validator)
        #expect(rejection?.description.contains("only RS256") == true)
    }

    @Test func rejectsHS256EvenWithThePublicKeyAsSecret() throws {
        let validator = try validator()
        let header = Base64URL.encode(Array(#"{"alg":"HS256","kid":"k1","typ":"JWT"}"#.utf8))
        let signingInput = header + "." + Base64URL.encode(try JSONEncoder().encode(claims()))
        let mac = HMACSHA256.authenticate(Array(signingInput.utf8), key: TestKeys.first.publicComponents.modulus)
        let rejection = rejection(signingInput + "." + Base64URL.encode(mac), validator: validator)
        #expect(rejection?.description.contains("HS256") == true)
    }

    @Test func rejectsAPS256SignedIDToken() throws {
        let validator = try validator()
        let token = try idp.idToken(claims(), algorithm: .ps256)
        #expect(rejection(token, validator: validator)?.description.contains("PS256") == true)
    }

    @Test func rejectsAWrongIssuer() throws {
        let validator = try validator()
        let token = try idp.idToken(
            claims(["iss": "https://login.microsoftonline.com/\(TestProvider.otherTenantID)/v2.0"]))
        #expect(rejection(token, validator: validator)?.description.contains("iss") == true)
        #expect(rejection(try idp.idToken(claims(["iss": nil])), validator: validator) != nil)
    }

    @Test func rejectsAWrongAudience() throws {
        let validator = try validator()
        let token = try idp.idToken(claims(["aud": "00000003-0000-0000-c000-000000000000"]))
        #expect(rejection(token, validator: validator)?.description.contains("audience") == true)
        #expect(rejection(try idp.idToken(claims(["aud": nil])), validator: validator) != nil)
    }

    @Test func aTokenAlsoMeantForAudiencesThisSiteDoesNotTrustIsRefusedWhateverItsAzp() throws {
        let validator = try validator()
        let audiences: JSONValue = [.string(TestProvider.clientID), "api://other"]
        for azp: JSONValue? in [nil, "api://other", .string(TestProvider.clientID)] {
            let token = try idp.idToken(claims(["aud": audiences, "azp": azp]))
            #expect(
                rejection(token, validator: validator)?.description
                    == "the ID token is also meant for 'api://other', an audience this site does not trust")
        }
        let otherAzp = try idp.idToken(claims(["aud": .string(TestProvider.clientID), "azp": "api://other"]))
        #expect(rejection(otherAzp, validator: validator)?.description.contains("azp") == true)
        let singleInArray = try idp.idToken(claims(["aud": [.string(TestProvider.clientID)]]))
        #expect(try validator.validate(singleInArray, nonce: .signIn(Self.nonce))["sub"] != nil)
        for odd: JSONValue in [1, .null, ["api://other"], ["aud": "api://other"]] {
            let token = try idp.idToken(claims(["aud": [.string(TestProvider.clientID), odd]]))
            #expect(
                rejection(token, validator: validator)?.description
                    == "the ID token's aud list holds an entry that is not a string")
        }
    }

    @Test func rejectsAMissingIat() throws {
        let rejection = rejection(try idp.idToken(claims(["iat": nil])), validator: try validator())
        #expect(rejection?.description.contains("iat") == true)
    }

    @Test func rejectsAnIatFarInTheFuture() throws {
        let token = try idp.idToken(claims(["iat": .number(Double(clock.seconds + 301))]))
        #expect(rejection(token, validator: try validator())?.description.contains("future") == true)
    }

    @Test func rejectsAMissingOrEmptySub() throws {
        let validator = try validator()
        #expect(
            rejection(try idp.idToken(claims(["sub": nil])), validator: validator)?.description.contains("sub") == true)
        #expect(rejection(try idp.idToken(claims(["sub": ""])), validator: validator) != nil)
    }

    @Test func rejectsAWrongOrMissingNonce() throws {
        let validator = try validator()
        let wrong = try idp.idToken(claims(["nonce": "n-replayed"]))
        #expect(rejection(wrong, validator: validator)?.description.contains("nonce") == true)
        #expect(rejection(try idp.idToken(claims(["nonce": nil])), validator: validator) != nil)
    }

    @Test func expiryAllowsFiveMinutesOfSkewAndNoMore() throws {
        let validator = try validator()
        let justExpired = try idp.idToken(claims(["exp": .number(Double(clock.seconds - 299))]))
        #expect(try validator.validate(justExpired, nonce: .signIn(Self.nonce))["sub"] != nil)
        let longExpired = try idp.idToken(claims(["exp": .number(Double(clock.seconds - 301))]))
        #expect(rejection(longExpired, validator: validator)?.description.contains("expired") == true)
        #expect(rejection(try idp.idToken(claims(["exp": nil])), validator: validator) != nil)
    }

    @Test func notBeforeAllowsFiveMinutesOfSkewAndNoMore() throws {
        let validator = try validator()
        let soon = try idp.idToken(claims(["nbf": .number(Double(clock.seconds + 299))]))
        #expect(try validator.validate(soon, nonce: .signIn(Self.nonce))["sub"] != nil)
        let later = try idp.idToken(claims(["nbf": .number(Double(clock.seconds + 301))]))
        #expect(rejection(later, validator: validator)?.description.contains("not valid before") == true)
    }

    @Test func rejectsMalformedTokens() throws {
        let validator = try validator()
        for token in ["", "abc", "a.b", "a.b.c.d", "!!.??.**"] {
            #expect(rejection(token, validator: validator)?.description.contains("malformed") == true)
        }
    }

    @Test func groupsOverageIsPassedOnForGraphToComplete() throws {
        let token = try idp.idToken(
            claims([
                "_claim_names": ["groups": "src1"],
                "_claim_sources": ["src1": ["endpoint": "https://graph.microsoft.com/v1.0/users/x/getMemberObjects"]],
            ]))
        let claims = try validator().validate(token, nonce: .signIn(Self.nonce))
        #expect(OverageGroups.leftOut(claims))
        #expect(claims["groups"] == nil)
    }

    @Test func allowedTenantsRefusesOtherTenantsWithItsOwnKind() throws {
        let organizations = TestProvider.multiTenant("organizations")
        let validator = try validator(idp: organizations, allowedTenants: [TestProvider.otherTenantID])
        var claims = organizations.claims(nonce: Self.nonce, now: clock.seconds)
        let refused = try organizations.idToken(claims)
        #expect(rejection(refused, validator: validator)?.kind == .tenantNotAllowed)

        claims = organizations.claims(nonce: Self.nonce, now: clock.seconds, tenant: TestProvider.otherTenantID)
        let allowed = try organizations.idToken(claims)
        #expect(
            try validator.validate(allowed, nonce: .signIn(Self.nonce))["tid"]?.stringValue
                == TestProvider.otherTenantID
        )
    }

    @Test(arguments: ["exp", "nbf", "iat"])
    func outOfRangeTimesAreRefusedNeverACrash(claim: String) throws {
        let validator = try validator()
        for value: JSONValue in [.number(1e300), .number(-1e300), .number(-1), .number(9.3e18), "soon", .bool(true)] {
            let token = try idp.idToken(claims([claim: value]))
            #expect(
                rejection(token, validator: validator)?.description
                    == "the ID token's \(claim) claim is not a time in seconds since 1970", "\(claim): \(value)")
        }
    }

    @Test func aKeyThatSignsForAnotherIssuerIsRefused() throws {
        // A key set shared by several issuers says per key which one it signs for (Entra's `issuer` extension).
        let other = TestProvider(
            segment: TestProvider.tenantID,
            discoveredIssuer: "https://login.microsoftonline.com/\(TestProvider.otherTenantID)/v2.0")
        let validator = try validator()
        http.answer(idp.jwksURI, body: other.keySet([SigningKey(kid: "k1", key: TestKeys.first)]))
        let provider = IdentityProvider(
            metadataURL: idp.metadataURL, http: http, time: clock, cacheDirectory: folder.path + "/2",
            log: AuthLog(time: clock) { _ in })
        try provider.start()
        let strict = IDTokenValidator(
            clientID: TestProvider.clientID, allowedTenants: [], provider: provider, time: clock)
        let token = try idp.idToken(claims())
        #expect(rejection(token, validator: strict)?.description.contains("the signing key is for issuer") == true)
        #expect(try validator.validate(token, nonce: .signIn(Self.nonce))["sub"] != nil)
    }

    @Test func aMultiTenantKeyIssuerIsCheckedWithTheTokensTenant() throws {
        let organizations = TestProvider.multiTenant("organizations")
        let validator = try validator(idp: organizations)
        let claims = organizations.claims(nonce: Self.nonce, now: clock.seconds, tenant: TestProvider.otherTenantID)
        #expect(try validator.validate(try organizations.idToken(claims), nonce: .signIn(Self.nonce))["sub"] != nil)
    }
}
