import Testing

@testable import EntraAuth

struct HKDFTests {
    @Test func matchesRFC5869TestCase1() {
        let okm = HKDF.sha256(
            secret: [UInt8](repeating: 0x0B, count: 22), salt: hexBytes("000102030405060708090a0b0c"),
            info: hexBytes("f0f1f2f3f4f5f6f7f8f9"), length: 42)
        #expect(
            okm
                == hexBytes(
                    "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865"))
    }

    @Test func matchesRFC5869TestCase3WithEmptySaltAndInfo() {
        let okm = HKDF.sha256(secret: [UInt8](repeating: 0x0B, count: 22), salt: [], info: [], length: 42)
        #expect(
            okm
                == hexBytes(
                    "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8"))
    }

    @Test func differentInfoGivesIndependentKeys() {
        let secret = [UInt8](repeating: 7, count: 32)
        let sealing = HKDF.sha256(secret: secret, salt: [], info: Array("session".utf8), length: 32)
        let transaction = HKDF.sha256(secret: secret, salt: [], info: Array("transaction".utf8), length: 32)
        #expect(sealing != transaction)
        #expect(sealing.count == 32)
    }
}
