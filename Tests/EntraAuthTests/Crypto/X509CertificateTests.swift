import Testing

@testable import EntraAuth

struct X509CertificateTests {
    @Test func thumbprintIsSHA256OfTheDER() throws {
        let certificate = try X509Certificate.selfSigned(
            for: CryptoTestKeys.signing, commonName: "sitegen test", days: 1)
        #expect(certificate.der.first == 0x30)
        #expect(certificate.sha256Thumbprint == SHA256Digest.hash(certificate.der))
        #expect(certificate.sha256Thumbprint.count == 32)
    }

    @Test func pemRoundTripKeepsTheDER() throws {
        let certificate = try X509Certificate.selfSigned(
            for: CryptoTestKeys.signing, commonName: "sitegen test", days: 30)
        let pem = certificate.pemEncoded()
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----\n"))
        #expect(try X509Certificate(pem: pem).der == certificate.der)
    }

    @Test func readsTheFirstCertificateOfAPEMBundleWithOtherBlocks() throws {
        let first = try X509Certificate.selfSigned(for: CryptoTestKeys.signing, commonName: "first", days: 1)
        let second = try X509Certificate.selfSigned(for: CryptoTestKeys.other, commonName: "second", days: 1)
        let bundle = "subject=first\n" + first.pemEncoded() + second.pemEncoded()
        #expect(try X509Certificate(pem: bundle).der == first.der)
    }

    @Test func tellsWhetherTheCertificateBelongsToAKey() throws {
        let certificate = try X509Certificate.selfSigned(for: CryptoTestKeys.signing, commonName: "pair", days: 1)
        #expect(certificate.certifies(CryptoTestKeys.signing))
        #expect(!certificate.certifies(CryptoTestKeys.other))
    }

    @Test func refusesTextThatIsNotACertificate() {
        let error = #expect(throws: AuthError.self) { try X509Certificate(pem: CryptoTestKeys.signing.pemEncoded()) }
        #expect(error?.description.contains("not a PEM certificate") == true)
        #expect(throws: AuthError.self) {
            try X509Certificate(pem: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n")
        }
    }
}
