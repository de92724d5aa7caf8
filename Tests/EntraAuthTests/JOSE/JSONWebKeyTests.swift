import Foundation
import Testing

@testable import EntraAuth

struct JSONWebKeyTests {
    func jwk(n: String?, e: String? = "AQAB", kty: String = "RSA", kid: String? = "k1") -> JSONWebKey {
        JSONWebKey(kty: kty, kid: kid, use: "sig", alg: nil, n: n, e: e, x5c: nil, issuer: nil)
    }

    @Test func decodesAnEntraStyleKeySet() throws {
        let modulus = Base64URL.encode(CryptoTestKeys.signing.publicComponents.modulus)
        let document = """
            {"keys":[
              {"kty":"RSA","use":"sig","kid":"k1","x5t":"t","n":"\(modulus)","e":"AQAB","x5c":["MIIB"],
               "cloud_instance_name":"microsoftonline.com","issuer":"https://login.microsoftonline.com/{tenantid}/v2.0"},
              {"kty":"EC","kid":"k2","crv":"P-256","x":"AA","y":"AA"}
            ]}
            """
        let set = try JSONDecoder().decode(JSONWebKeySet.self, from: Data(document.utf8))
        #expect(set.keys.count == 2)
        #expect(set.keys[0].kid == "k1")
        #expect(set.keys[0].use == "sig")
        #expect(set.keys[0].alg == nil)
        #expect(set.keys[0].x5c == ["MIIB"])
        #expect(set.keys[0].issuer == "https://login.microsoftonline.com/{tenantid}/v2.0")
        #expect(set.keys[1].kty == "EC")
    }

    @Test func rsaPublicKeyVerifiesWhatTheMatchingPrivateKeySigned() throws {
        let key = CryptoTestKeys.signing
        let publicKey = try jwk(n: Base64URL.encode(key.publicComponents.modulus)).rsaPublicKey()
        let message = Array("signed".utf8)
        #expect(
            publicKey.isValidSignature(
                try key.signature(for: message, algorithm: .rs256), for: message, algorithm: .rs256))
    }

    @Test func refusesKeysThatAreNotUsableRSAKeys() throws {
        let modulus = Base64URL.encode(CryptoTestKeys.signing.publicComponents.modulus)
        let weak = try RSAPrivateKey.generate(bits: 1024)
        let cases = [
            (jwk(n: modulus, kty: "EC"), #"JWKS key "k1" has kty "EC""#),
            (jwk(n: nil), #"no base64url modulus "n""#),
            (jwk(n: modulus + "="), #"no base64url modulus "n""#),
            (jwk(n: modulus, e: nil), #"no base64url exponent "e""#),
            (jwk(n: Base64URL.encode(weak.publicComponents.modulus)), "1024 bits; at least 2048"),
            (jwk(n: modulus, kid: nil), "without a kid"),
        ]
        for (key, message) in cases.dropLast() {
            let error = #expect(throws: AuthError.self) { try key.rsaPublicKey() }
            #expect(error?.description.contains(message) == true)
        }
        #expect(throws: Never.self) { try cases.last!.0.rsaPublicKey() }
        let unnamed = #expect(throws: AuthError.self) { try jwk(n: nil, kid: nil).rsaPublicKey() }
        #expect(unnamed?.description.contains("the JWKS key without a kid") == true)
    }
}
