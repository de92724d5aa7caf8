import Foundation
import Testing

@testable import EntraAuth

/// The cookie secrets and the client's credentials of the `[auth]` table: strong enough, rotated, read from files.
struct AuthConfigSecretTests: StreamlitTableLoading {
    let folder = TemporaryFolder()

    @Test(arguments: [
        "password123", "correct horse battery staple", String(repeating: "a", count: 64),
        String(repeating: "ab", count: 40), "0123456789abcdef0123456789abcdef",
        // Long enough and many characters, but a pattern said again.
        String(repeating: "0123456789abcdef", count: 4), String(repeating: "abcdefghijklmnop", count: 3),
        "passwordpasswordpasswordpassword1234567890ABCDEF",
        String(repeating: "5b0f4c1e9a7d3b2f8e6c4a1d0b9e7f3c", count: 2),
        // Words run together, or a sentence, in lowercase: 47 and 53 characters of an alphabet of 27.
        "thequickbrownfoxjumpsoverthelazydogwhilesinging", "the quick brown fox jumps over the lazy dog and sings",
    ])
    func aWeakCookieSecretIsRefusedWithHowToMakeOne(secret: String) {
        let message = error(variant("cookie_secret = \"\(secret)\""))
        #expect(message.contains("too weak"))
        #expect(message.contains("openssl rand"))
        #expect(!message.contains(secret))
    }

    @Test func strongSecretsFromOpenSSLAreAccepted() throws {
        // `openssl rand -hex 32` and `openssl rand -base64 32` outputs.
        let hex = "5b0f4c1e9a7d3b2f8e6c4a1d0b9e7f3c2a5d8e1f4b7c0a3d6e9f2b5c8e1a4d7f"
        #expect(try load(with: "cookie_secret = \"\(hex)\"").cookieSecrets == [Array(hex.utf8)])
        let base64 = "q3Jt8Zx0VbN5mW2kLp7YcH4sDf9GuE1aRiT6oQwXeJ0="
        #expect(try load(with: "cookie_secret = \"\(base64)\"").cookieSecrets == [Array(base64.utf8)])
        // 32 random bytes in hex, drawn once by the loop below, with more runs of three characters said again than
        // most (`aaa`, `daa`, `9da`, `ac5`, `c5c`): random, and accepted.
        let repeating = "c5c038c1bac5933c8e8b11544c698d883586ca39daaaa9fe6a9daaaaeac5c8f4"
        #expect(CookieSecretStrength.isStrong(repeating))
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(CookieSecretStrength.isStrong(Data(bytes).base64EncodedString()))
            #expect(CookieSecretStrength.isStrong(bytes.map { String(format: "%02x", $0) }.joined()))
        }
    }

    @Test func aMissingCookieSecretSaysHowToMakeOne() {
        let text = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix("cookie_secret") }.joined(
            separator: "\n")
        let message = error(text)
        #expect(message.contains("cookie_secret is missing"))
        #expect(message.contains("openssl rand"))
    }

    @Test func aListOfCookieSecretsRotates() throws {
        let next = strongSecret("next")
        let config = try load(with: "cookie_secret = [\"\(next)\", \"\(Self.secret)\"]")
        #expect(config.cookieSecrets == [Array(next.utf8), Array(Self.secret.utf8)])
        #expect(error(variant("cookie_secret = [\"\(next)\", \"weak\"]")).contains("too weak"))
    }

    @Test func secretsComeFromFilesRelativeToTheConfig() throws {
        let next = strongSecret("next")
        try folder.write("cookie.secret", "\(next)\n\n  \(Self.secret)  \n")
        try folder.write("client.secret", "from-a-file\n")
        let text =
            Self.streamlit.split(separator: "\n")
            .filter { !$0.hasPrefix("cookie_secret") && !$0.hasPrefix("client_secret") }
            .joined(separator: "\n")
            + "\ncookie_secret_file = \"cookie.secret\"\nclient_secret_file = \"\(folder.path)/client.secret\"\n"
        let config = try load(text)
        #expect(config.cookieSecrets == [Array(next.utf8), Array(Self.secret.utf8)])
        #expect(config.clientAuthentication == .secretPost("from-a-file"))
    }

    @Test func secretFilesThatCannotBeUsedAreNamed() throws {
        let missing = error(variant("client_secret_file = \"nowhere.secret\""))
        #expect(missing.contains("client_secret"))
        let withoutInline = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix("client_secret") }
            .joined(separator: "\n")
        #expect(
            error(withoutInline + "\nclient_secret_file = \"nowhere.secret\"\n").contains(
                "nowhere.secret': there is no such file"))
        #expect(
            error(withoutInline + "\nclient_secret_file = \"\(folder.path)\"\n").contains(
                "': it is a folder; name the file in it"))
        try folder.write("empty.secret", "\n  \n")
        #expect(error(withoutInline + "\nclient_secret_file = \"empty.secret\"\n").contains("is empty"))
    }

    @Test func anUnknownTokenEndpointAuthListsTheChoices() {
        let message = error(variant("token_endpoint_auth = \"client_secret_jwt\""))
        #expect(message.contains("token_endpoint_auth"))
        #expect(message.contains("client_secret_post, client_secret_basic or private_key_jwt"))
    }

    @Test func privateKeyJWTReadsTheCertificateAndKey() throws {
        let certificate = try X509Certificate.selfSigned(for: TestKeys.first, commonName: "sitegen", days: 1)
        try folder.write("client.crt", certificate.pemEncoded())
        try folder.write("client.key", TestKeys.first.pemEncoded())
        let text =
            Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix("client_secret") }
            .joined(separator: "\n")
            + "\ntoken_endpoint_auth = \"private_key_jwt\"\nclient_certificate = \"client.crt\""
            + "\nclient_private_key = \"client.key\"\n"
        let config = try load(text)
        guard case .privateKeyJWT(let loaded, _) = config.clientAuthentication else {
            Issue.record("expected private_key_jwt, got \(config.clientAuthentication)")
            return
        }
        #expect(loaded.der == certificate.der)
        #expect(error(text.replacingOccurrences(of: "client.key", with: "client.crt")).contains("client_certificate"))
    }
}
