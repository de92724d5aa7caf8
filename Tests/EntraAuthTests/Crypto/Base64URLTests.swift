import Testing

@testable import EntraAuth

struct Base64URLTests {
    @Test(
        arguments: [
            ([], ""),
            ([0x66], "Zg"),
            ([0x66, 0x6F], "Zm8"),
            ([0x66, 0x6F, 0x6F], "Zm9v"),
            ([0x66, 0x6F, 0x6F, 0x62], "Zm9vYg"),
            ([0x66, 0x6F, 0x6F, 0x62, 0x61], "Zm9vYmE"),
        ] as [([UInt8], String)])
    func encodesAndDecodesEveryLengthWithoutPadding(bytes: [UInt8], text: String) {
        #expect(Base64URL.encode(bytes) == text)
        #expect(Base64URL.decode(text) == bytes)
    }

    @Test func usesTheURLSafeAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF, 0xBF]) == "-_-_")
        #expect(Base64URL.decode("-_-_") == [0xFB, 0xFF, 0xBF])
    }

    @Test func roundTripsEveryByteValue() {
        let bytes = (0...255).map { UInt8($0) }
        #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        #expect(Base64URL.decode(Base64URL.encode(bytes.dropFirst(7))) == Array(bytes.dropFirst(7)))
    }

    @Test(arguments: [
        "Zg==", "Zm8=", "Zg=", "+/+/", "Zm9v/w", "Zm9v Yg", "Zm9v\nYg", "Zm9vY", "A", "Zm9vYg.", "Zm9\u{00E9}",
    ])
    func rejectsPaddingForeignCharactersAndImpossibleLengths(text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func rejectsNonZeroUnusedBits() {
        // "Zh" and "Zm9" carry set bits beyond the last whole byte; only "Zg" and "Zm8" are canonical.
        #expect(Base64URL.decode("Zh") == nil)
        #expect(Base64URL.decode("Zm9") == nil)
    }
}
