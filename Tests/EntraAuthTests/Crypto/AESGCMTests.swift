import Testing

@testable import EntraAuth

struct AESGCMTests {
    let key = (0..<32).map { UInt8($0) }
    let nonce = [UInt8](repeating: 0x24, count: 12)
    let aad = Array("__Host-session".utf8)
    let plaintext = Array("tid=1;oid=2;exp=3".utf8)

    @Test func matchesGCMSpecificationTestCases13And14() {
        let zeroKey = [UInt8](repeating: 0, count: 32)
        let zeroNonce = [UInt8](repeating: 0, count: 12)
        #expect(
            AESGCM.seal([], key: zeroKey, nonce: zeroNonce, authenticating: [])
                == hexBytes("530f8afbc74536b9a963b4f1c4cb738b"))
        #expect(
            AESGCM.seal([UInt8](repeating: 0, count: 16), key: zeroKey, nonce: zeroNonce, authenticating: [])
                == hexBytes("cea7403d4d606b6e074ec5d3baf39d18d0d1c8a799996bf0265b98b5d48ab919"))
    }

    @Test func roundTrips() throws {
        let sealed = AESGCM.seal(plaintext, key: key, nonce: nonce, authenticating: aad)
        #expect(sealed.count == plaintext.count + 16)
        #expect(AESGCM.open(sealed, key: key, nonce: nonce, authenticating: aad) == plaintext)
    }

    @Test func roundTripsEmptyPlaintextAndEmptyAAD() {
        let sealed = AESGCM.seal([], key: key, nonce: nonce, authenticating: [])
        #expect(sealed.count == 16)
        #expect(AESGCM.open(sealed, key: key, nonce: nonce, authenticating: []) == [])
    }

    @Test func rejectsAnyFlippedBitInCiphertextOrTag() {
        let sealed = AESGCM.seal(plaintext, key: key, nonce: nonce, authenticating: aad)
        for index in sealed.indices {
            var tampered = sealed
            tampered[index] ^= 0x01
            #expect(AESGCM.open(tampered, key: key, nonce: nonce, authenticating: aad) == nil)
        }
    }

    @Test func rejectsChangedNonceAADOrKey() {
        let sealed = AESGCM.seal(plaintext, key: key, nonce: nonce, authenticating: aad)
        var otherNonce = nonce
        otherNonce[11] ^= 0x80
        var otherKey = key
        otherKey[0] ^= 0x01
        #expect(AESGCM.open(sealed, key: key, nonce: otherNonce, authenticating: aad) == nil)
        #expect(AESGCM.open(sealed, key: key, nonce: nonce, authenticating: Array("__Host-other".utf8)) == nil)
        #expect(AESGCM.open(sealed, key: key, nonce: nonce, authenticating: []) == nil)
        #expect(AESGCM.open(sealed, key: otherKey, nonce: nonce, authenticating: aad) == nil)
    }

    @Test func rejectsTruncationAndExtension() {
        let sealed = AESGCM.seal(plaintext, key: key, nonce: nonce, authenticating: aad)
        for count in 0..<sealed.count {
            #expect(AESGCM.open(Array(sealed.prefix(count)), key: key, nonce: nonce, authenticating: aad) == nil)
        }
        #expect(AESGCM.open(sealed + [0], key: key, nonce: nonce, authenticating: aad) == nil)
    }

    @Test func rejectsANonceOfTheWrongLength() {
        let sealed = AESGCM.seal(plaintext, key: key, nonce: nonce, authenticating: aad)
        #expect(AESGCM.open(sealed, key: key, nonce: Array(nonce.prefix(11)), authenticating: aad) == nil)
        #expect(AESGCM.open(sealed, key: key, nonce: nonce + [0], authenticating: aad) == nil)
    }
}
