import AccessRules
import Foundation
import Testing

@testable import EntraAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The token request for each client authentication method, and the certificate assertion parsed back.
struct TokenRedemptionTests {
    static let certificate = try! X509Certificate.selfSigned(for: TestKeys.third, commonName: "sitegen-auth", days: 30)

    let http = FakeHTTPClient()
    let clock = MovableClock()
    let random = CountingRandom()
    let idp = TestProvider.singleTenant

    func config(_ authentication: AuthConfig.ClientAuthentication) -> AuthConfig {
        AuthConfig(
            redirectURI: URL(string: "https://site.example/.auth/callback")!,
            cookieSecrets: [Array(strongSecret().utf8)],
            clientID: TestProvider.clientID,
            clientAuthentication: authentication,
            serverMetadataURL: idp.metadataURL,
            postLogoutRedirectURI: URL(string: "https://site.example/signed-out/")!,
            extraScopes: [],
            allowedTenants: [],
            sessionLifetime: 3600,
            manifestPath: "/nonexistent/access.json",
            allowEmailRules: false,
            unknownPaths: .deny,
            cacheDirectory: "/nonexistent/cache"
        )
    }

    /// Redeems a code with `authentication` and returns the request the token endpoint received.
    func redeem(_ authentication: AuthConfig.ClientAuthentication) throws -> URLRequest {
        http.answer(
            idp.tokenEndpoint,
            body: #"{"id_token":"header.payload.signature","access_token":"a.b.c","token_type":"Bearer"}"#)
        let redemption = TokenRedemption(config: config(authentication), http: http, time: clock, random: random)
        let answer = try redemption.redeem(
            code: "the-code", verifier: "the-verifier", tokenEndpoint: idp.tokenEndpoint)
        #expect(answer.idToken == "header.payload.signature" && answer.accessToken == "a.b.c")
        return try #require(http.requests(to: idp.tokenEndpoint).last)
    }

    func form(_ request: URLRequest) -> [String: String] {
        FormEncoding.decode(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
    }

    @Test func basicAuthorizationFormEncodesIdAndSecretBeforeBase64() throws {
        let header = TokenRedemption.basicAuthorization(clientID: "id:with space", secret: "p@ss/word+=")
        #expect(header.hasPrefix("Basic "))
        let decoded = String(decoding: try #require(Data(base64Encoded: String(header.dropFirst(6)))), as: UTF8.self)
        #expect(decoded == "id%3Awith%20space:p%40ss%2Fword%2B%3D")
        let parts = decoded.split(separator: ":")
        #expect(parts.count == 2)
        #expect(parts.map { $0.removingPercentEncoding } == ["id:with space", "p@ss/word+="])
    }

    @Test func clientSecretPostSendsEverythingInTheForm() throws {
        let request = try redeem(.secretPost("s3cret+/="))
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(
            form(request) == [
                "grant_type": "authorization_code", "code": "the-code", "code_verifier": "the-verifier",
                "redirect_uri": "https://site.example/.auth/callback", "client_id": TestProvider.clientID,
                "client_secret": "s3cret+/=",
            ])
    }

    @Test func clientSecretBasicSendsTheSecretOnlyInTheHeader() throws {
        let request = try redeem(.secretBasic("s3cret+/="))
        #expect(
            request.value(forHTTPHeaderField: "Authorization")
                == TokenRedemption.basicAuthorization(clientID: TestProvider.clientID, secret: "s3cret+/="))
        let form = form(request)
        #expect(form["client_secret"] == nil)
        #expect(form["code_verifier"] == "the-verifier")
        #expect(!String(decoding: request.httpBody ?? Data(), as: UTF8.self).contains("s3cret"))
    }

    @Test func privateKeyJWTSendsAnAssertionAndNoSecret() throws {
        let request = try redeem(.privateKeyJWT(certificate: Self.certificate, key: TestKeys.third))
        let form = form(request)
        #expect(form["client_secret"] == nil)
        #expect(request.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(form["client_assertion_type"] == "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
        let assertion = try CompactJWS(try #require(form["client_assertion"]))
        #expect(assertion.header.alg == "PS256")
        #expect(try assertion.claims()["aud"]?.stringValue == idp.tokenEndpoint.absoluteString)
        #expect(
            TestKeys.third.publicKey.isValidSignature(
                assertion.signature, for: assertion.signingInput, algorithm: .ps256))
    }

    @Test func theCertificateAssertionParsesBackAndVerifies() throws {
        let make = {
            try ClientAssertion.make(
                clientID: TestProvider.clientID, tokenEndpoint: idp.tokenEndpoint, certificate: Self.certificate,
                key: TestKeys.third, now: clock.now(), random: random)
        }
        let first = try CompactJWS(try make())
        let second = try CompactJWS(try make())

        #expect(first.header.alg == "PS256")
        #expect(first.header.typ == "JWT")
        #expect(first.header.x5tS256 == Base64URL.encode(SHA256Digest.hash(Self.certificate.der)))
        #expect(first.header.kid == nil)

        let claims = try first.claims()
        let now = Double(clock.seconds)
        #expect(claims["aud"]?.stringValue == idp.tokenEndpoint.absoluteString)
        #expect(claims["iss"]?.stringValue == TestProvider.clientID)
        #expect(claims["sub"]?.stringValue == TestProvider.clientID)
        #expect(claims["nbf"]?.numberValue == now)
        #expect(claims["iat"]?.numberValue == now)
        let expiry = try #require(claims["exp"]?.numberValue)
        #expect(expiry > now && expiry - now <= 600)
        let jti = try #require(claims["jti"]?.stringValue)
        #expect(jti.count >= 16)
        #expect(try second.claims()["jti"]?.stringValue != jti)

        #expect(Self.certificate.certifies(TestKeys.third))
        #expect(TestKeys.third.publicKey.isValidSignature(first.signature, for: first.signingInput, algorithm: .ps256))
        #expect(!TestKeys.third.publicKey.isValidSignature(first.signature, for: first.signingInput, algorithm: .rs256))
        #expect(!TestKeys.first.publicKey.isValidSignature(first.signature, for: first.signingInput, algorithm: .ps256))
    }

    @Test func aRefusalCarriesTheErrorAndItsDescription() throws {
        http.answer(
            idp.tokenEndpoint, status: 400,
            body: #"{"error":"invalid_grant","error_description":"AADSTS70008: The code has expired."}"#)
        let redemption = TokenRedemption(config: config(.secretPost("s")), http: http, time: clock, random: random)
        let refusal = #expect(throws: AuthError.self) {
            try redemption.redeem(code: "c", verifier: "v", tokenEndpoint: idp.tokenEndpoint)
        }
        #expect(refusal?.kind == .providerRefused)
        #expect(refusal?.provider?.error == "invalid_grant")
        #expect(refusal?.provider?.description.hasPrefix("AADSTS70008") == true)

        http.answer(idp.tokenEndpoint, status: 502, body: "<html>bad gateway</html>")
        let gateway = #expect(throws: AuthError.self) {
            try redemption.redeem(code: "c", verifier: "v", tokenEndpoint: idp.tokenEndpoint)
        }
        #expect(gateway?.provider?.error == "http_502")
    }

    @Test func aRefreshTokenIsRedeemedWithTheSameClientAuthenticationAndRotates() throws {
        http.answer(
            idp.tokenEndpoint,
            body: #"{"id_token":"h.p.s","refresh_token":"rt-2","token_type":"Bearer","scope":"openid offline_access"}"#)
        let redemption = TokenRedemption(
            config: config(.secretBasic("s3cret")), http: http, time: clock, random: random)
        let answer = try redemption.refresh("rt-1", readingGroups: false, tokenEndpoint: idp.tokenEndpoint)
        #expect(answer.idToken == "h.p.s" && answer.refreshToken == "rt-2")
        let request = try #require(http.requests(to: idp.tokenEndpoint).last)
        // Microsoft's v2 token endpoint expects the scope on a refresh, and names an ID token only for openid.
        #expect(
            form(request) == [
                "grant_type": "refresh_token", "refresh_token": "rt-1", "client_id": TestProvider.clientID,
                "scope": "openid profile email",
            ])
        #expect(request.value(forHTTPHeaderField: "Authorization")?.hasPrefix("Basic ") == true)

        _ = try redemption.refresh("rt-1", readingGroups: true, tokenEndpoint: idp.tokenEndpoint)
        let withGroups = try #require(http.requests(to: idp.tokenEndpoint).last)
        #expect(form(withGroups)["scope"] == "openid profile email https://graph.microsoft.com/User.Read")

        http.answer(
            idp.tokenEndpoint, status: 400, body: #"{"error":"invalid_grant","error_description":"AADSTS50057"}"#)
        let refusal = #expect(throws: AuthError.self) {
            try redemption.refresh("rt-2", readingGroups: false, tokenEndpoint: idp.tokenEndpoint)
        }
        #expect(refusal?.provider?.error == "invalid_grant")
    }

    @Test func aTokenResponseWithoutAnIDTokenIsRefused() {
        http.answer(idp.tokenEndpoint, body: #"{"access_token":"a","token_type":"Bearer"}"#)
        let redemption = TokenRedemption(config: config(.secretPost("s")), http: http, time: clock, random: random)
        let rejection = #expect(throws: AuthError.self) {
            try redemption.redeem(code: "c", verifier: "v", tokenEndpoint: idp.tokenEndpoint)
        }
        #expect(rejection?.kind == .invalidToken)
        #expect(rejection?.description.contains("no id_token") == true)
    }

    @Test func anUnreachableTokenEndpointMeansTheProviderIsUnavailable() {
        http.isUnreachable = true
        let redemption = TokenRedemption(config: config(.secretPost("s")), http: http, time: clock, random: random)
        let error = #expect(throws: AuthError.self) {
            try redemption.redeem(code: "c", verifier: "v", tokenEndpoint: idp.tokenEndpoint)
        }
        #expect(error?.kind == .providerUnavailable)
    }
}
