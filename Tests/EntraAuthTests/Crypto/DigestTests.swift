import Testing

@testable import EntraAuth

struct DigestTests {
    @Test func sha256MatchesFIPS180Examples() {
        #expect(
            SHA256Digest.hash(Array("abc".utf8))
                == hexBytes("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(
            SHA256Digest.hash([UInt8]())
                == hexBytes("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
    }

    @Test func sha256AcceptsNonContiguousCollections() {
        #expect(SHA256Digest.hash("abc".utf8) == SHA256Digest.hash(Array("abc".utf8)))
    }

    @Test func pkceS256MatchesRFC7636AppendixB() {
        let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
        #expect(
            Base64URL.encode(SHA256Digest.hash(Array(verifier.utf8))) == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func hmacMatchesRFC4231TestCases1And2() {
        #expect(
            HMACSHA256.authenticate(Array("Hi There".utf8), key: [UInt8](repeating: 0x0B, count: 20))
                == hexBytes("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
        #expect(
            HMACSHA256.authenticate(Array("what do ya want for nothing?".utf8), key: Array("Jefe".utf8))
                == hexBytes("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    @Test func hmacDependsOnTheKey() {
        let data = Array("message".utf8)
        #expect(HMACSHA256.authenticate(data, key: [1]) != HMACSHA256.authenticate(data, key: [2]))
        #expect(HMACSHA256.authenticate(data, key: [UInt8]()).count == 32)
    }

    @Test func constantTimeEqualsComparesContentAndLength() {
        #expect(constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(constantTimeEquals([], []))
        #expect(!constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(!constantTimeEquals([], [0]))
    }

    @Test func systemRandomReturnsTheRequestedCountAndVaries() {
        let random = SystemRandom()
        #expect(random.bytes(0).isEmpty)
        #expect(random.bytes(33).count == 33)
        #expect(random.bytes(32) != random.bytes(32))
    }
}
