import Testing

@testable import EntraAuth

struct RSASignatureTests {
    let message = Array("header.payload".utf8)

    @Test(arguments: SignatureAlgorithm.allCases)
    func signsAndVerifiesRoundTrip(algorithm: SignatureAlgorithm) throws {
        let key = CryptoTestKeys.signing
        let signature = try key.signature(for: message, algorithm: algorithm)
        #expect(signature.count == 256)
        #expect(key.publicKey.isValidSignature(signature, for: message, algorithm: algorithm))
    }

    @Test(arguments: SignatureAlgorithm.allCases)
    func rejectsWrongKeyModifiedMessageAndModifiedSignature(algorithm: SignatureAlgorithm) throws {
        let signature = try CryptoTestKeys.signing.signature(for: message, algorithm: algorithm)
        let publicKey = CryptoTestKeys.signing.publicKey
        #expect(!CryptoTestKeys.other.publicKey.isValidSignature(signature, for: message, algorithm: algorithm))
        #expect(!publicKey.isValidSignature(signature, for: Array("header.payloaD".utf8), algorithm: algorithm))
        var flipped = signature
        flipped[100] ^= 0x01
        #expect(!publicKey.isValidSignature(flipped, for: message, algorithm: algorithm))
        #expect(!publicKey.isValidSignature(Array(signature.dropLast()), for: message, algorithm: algorithm))
        #expect(!publicKey.isValidSignature([], for: message, algorithm: algorithm))
    }

    @Test func anRS256SignatureIsNotAPS256OneNorTheReverse() throws {
        let key = CryptoTestKeys.signing
        let rs256 = try key.signature(for: message, algorithm: .rs256)
        let ps256 = try key.signature(for: message, algorithm: .ps256)
        #expect(!key.publicKey.isValidSignature(rs256, for: message, algorithm: .ps256))
        #expect(!key.publicKey.isValidSignature(ps256, for: message, algorithm: .rs256))
    }

    @Test func rs256IsDeterministicAndPS256IsSalted() throws {
        let key = CryptoTestKeys.signing
        #expect(try key.signature(for: message, algorithm: .rs256) == key.signature(for: message, algorithm: .rs256))
        #expect(try key.signature(for: message, algorithm: .ps256) != key.signature(for: message, algorithm: .ps256))
    }

    @Test func publicKeyFromJWKComponentsVerifiesWhatThePrivateKeySigned() throws {
        let key = CryptoTestKeys.signing
        let (modulus, exponent) = key.publicComponents
        #expect(modulus.count == 256)
        #expect(exponent == [0x01, 0x00, 0x01])
        let imported = try RSAPublicKey(modulus: [0, 0] + modulus, exponent: exponent)
        #expect(imported.modulusBits == 2048)
        for algorithm in SignatureAlgorithm.allCases {
            let signature = try key.signature(for: message, algorithm: algorithm)
            #expect(imported.isValidSignature(signature, for: message, algorithm: algorithm))
        }
    }

    @Test func refusesA1024BitModulus() throws {
        let weak = try RSAPrivateKey.generate(bits: 1024)
        let error = #expect(throws: AuthError.self) {
            try RSAPublicKey(modulus: weak.publicComponents.modulus, exponent: weak.publicComponents.exponent)
        }
        #expect(error?.description.contains("1024 bits; at least 2048") == true)
        #expect(throws: AuthError.self) { try RSAPrivateKey(pem: weak.pemEncoded()) }
    }

    @Test func refusesImplausibleModulusOrExponent() {
        let modulus = CryptoTestKeys.signing.publicComponents.modulus
        var even = modulus
        even[even.count - 1] &= 0xFE
        #expect(throws: AuthError.self) { try RSAPublicKey(modulus: [], exponent: [1, 0, 1]) }
        #expect(throws: AuthError.self) { try RSAPublicKey(modulus: even, exponent: [1, 0, 1]) }
        #expect(throws: AuthError.self) { try RSAPublicKey(modulus: modulus, exponent: []) }
        #expect(throws: AuthError.self) { try RSAPublicKey(modulus: modulus, exponent: [1]) }
        #expect(throws: AuthError.self) { try RSAPublicKey(modulus: modulus, exponent: [1, 0, 0]) }
        #expect(throws: AuthError.self) {
            try RSAPublicKey(modulus: modulus, exponent: [UInt8](repeating: 1, count: 9))
        }
    }

    @Test func matchesAnRS256SignatureMadeByTheOpenSSLCommandLine() throws {
        // openssl dgst -sha256 -sign vector.pem (deterministic: PKCS#1 v1.5).
        let key = try RSAPrivateKey(pem: Self.vectorKeyPEM)
        let signature = try key.signature(for: Self.vectorMessage, algorithm: .rs256)
        #expect(Base64URL.encode(signature) == Self.vectorRS256)
    }

    @Test func verifiesAPS256SignatureMadeByTheOpenSSLCommandLine() throws {
        // openssl dgst -sha256 -sigopt rsa_padding_mode:pss -sigopt rsa_pss_saltlen:32 -sigopt rsa_mgf1_md:sha256
        let components = try RSAPrivateKey(pem: Self.vectorKeyPEM).publicComponents
        let publicKey = try RSAPublicKey(modulus: components.modulus, exponent: components.exponent)
        let signature = try #require(Base64URL.decode(Self.vectorPS256))
        #expect(publicKey.isValidSignature(signature, for: Self.vectorMessage, algorithm: .ps256))
    }

    @Test func refusesAPS256SignatureWithA20ByteSalt() throws {
        // RFC 7518 §3.5: the salt is as long as the digest; OpenSSL's old default of 20 bytes is not PS256.
        let publicKey = try RSAPrivateKey(pem: Self.vectorKeyPEM).publicKey
        let signature = try #require(Base64URL.decode(Self.vectorPS256Salt20))
        #expect(!publicKey.isValidSignature(signature, for: Self.vectorMessage, algorithm: .ps256))
    }

    @Test func pemRoundTripKeepsTheKey() throws {
        let pem = CryptoTestKeys.signing.pemEncoded()
        #expect(pem.hasPrefix("-----BEGIN PRIVATE KEY-----\n"))
        let reloaded = try RSAPrivateKey(pem: pem)
        #expect(reloaded.publicComponents == CryptoTestKeys.signing.publicComponents)
        let signature = try reloaded.signature(for: message, algorithm: .rs256)
        #expect(CryptoTestKeys.signing.publicKey.isValidSignature(signature, for: message, algorithm: .rs256))
    }

    @Test func refusesPEMThatIsNotAnUnencryptedRSAPrivateKey() {
        let notPEM = #expect(throws: AuthError.self) { try RSAPrivateKey(pem: "hello") }
        #expect(notPEM?.description.contains("not a PEM private key") == true)
        let ec = #expect(throws: AuthError.self) { try RSAPrivateKey(pem: Self.ecKeyPEM) }
        #expect(ec?.description.contains("EC key; an RSA key is required") == true)
        let encrypted = #expect(throws: AuthError.self) {
            try RSAPrivateKey(pem: "-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n")
        }
        #expect(encrypted?.description.contains("encrypted") == true)
    }

    @Test func verificationIsSafeFromManyThreadsAtOnce() async throws {
        let key = CryptoTestKeys.signing
        let signature = try key.signature(for: message, algorithm: .ps256)
        let message = message
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 {
                group.addTask { key.publicKey.isValidSignature(signature, for: message, algorithm: .ps256) }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }

    static let vectorMessage = Array("sitegen RS256 test vector".utf8)
    static let vectorRS256 =
        "UnGn-DO1aYvqGpKRspww44ODfZQjjFHepxlUhMTzWh4UZSTp3_gsiTrsAxIGdG_oJfKzsYFJZhKCIJhk-euycH2CRoQ6BoYB0hWl"
        + "79FZcQgJKt6PASM_I4FGPK9L_97ZEgclp6Ky0jC_0ipFvAnHQuqOB-q4oJChcRdMNFDaX11rgI_2lORdPs51a8to0QgcYueFiLY0"
        + "bEcd7rXS3sz-D0C3Ja6v6UCTcgGL0ZxgyDP1KJ9KOZoJWTErxKOfLOLTOCXhyX4n_A1mWkG_p0BzeLbEMoX385ibB2vVAhIHbhDp"
        + "oi85Dxqa9wFSDef_9e6QaBtISuv4Hmck5eeBZyQq_A"
    static let vectorPS256 =
        "ChwbymuK2Zz7FKOHbJiek6_VOu9sR0zNtKSgAofh1pGPZzz3MOlZkLw2pXJrgz2BQ8KeZYEGiR-eI-wf7wi0OTqv1SyZ4XNorzZO"
        + "O3Zg8lzfreVfuQ03Yti1mUdEtw2Z8sMS5zxheIvhdFrNV0QbL6XQxgAqCcgFoNMKilr_d009djk1emGpDZzWycD4lLT-B-HMjuPN"
        + "JddwBstu1CiZ6OBQRBopXTJ19ym9Ur_rUwOQXmX7IxE2L1t3o-LABX3wRgs9bqwyiKOob-gNgXTHBma718ZI9t6YvmueF3eHJYkE"
        + "Lb9Dgx2F7agTn4j89HZsJiEgGkL5F5hggr2TWyYlwQ"
    static let vectorPS256Salt20 =
        "PISubl9uiq2rTG0kDh8nspejdb_uWo1onuItsMxo78qw25hE29DG4w2bfWZcaPfUFJpKb33vLU3k9HMECGureysN5gE-HV4NU3Ty"
        + "pTXW95NEGkuC96EZxX5327lIzpWPRLvpsa9NbOnhXNWNPHVDsTajwLOwSL3lGpNwfiCoVB2YI12dFKmtAnK5bdiyLK6AHP9BoLFU"
        + "RpUrp1x52sxhvpZ1JwicnH_EwP3ICNHbgBl44WwpAXqZjG-huzqq6jm-ruQFdIYgphEAHBZrct1pw-YZcGxINZGsywgDFjlic5MS"
        + "RLiHmeSdpbQJ23xik9rs38QkX0niMgEmYzaShgo65g"

    /// A throwaway 2048-bit test key in PKCS#1 form (openssl genrsa -traditional 2048).
    static let vectorKeyPEM = """
        -----BEGIN RSA PRIVATE KEY-----
        MIIEpQIBAAKCAQEAt5VvqkrHoakPtELi3tDrD7GSuwpB8DWJs1xYXypqEwKkkSO2
        2q6CNfShMJ3xXTpep4GcaZGU/dbVKB3W2fisUZXSDvzohBhI/mYJ27oPDkSJUvJ+
        oW72dkaouRv1YxCv5GwNp+ilGPeuHSVG+3eY9aaQGC7M05fuS3mB9dhzD+25O9RN
        7cuIp8rRByEeXjuDaRG8C/Otwhy96nKcmXe7chXj9a8Bwx1JS66fanaC6w59mPey
        axDG6N0Ts5Ybe7BNHXaTSHbQWD+EFoCouXR02cafyR8nJsjtf4a3kYAZ5vj3Tam9
        +qxESXO/oakD/MFK4axW9b9WY/MsnOJSoUGIZwIDAQABAoIBAA6WXbaa1Y0HaXuJ
        2wwYbq0jD4U0NfQX1Pa/DjiVnrMfASOVQmjS9/7AjvRVgIHHaxEFT//ldQDMishy
        wok0ZMDg1j2ho/onEdnBEuR2Ps8D7CN+qEg8kHHqgGqhCZkTEN7mJRmj90ZqG9gu
        B5tgr/NJBmcdhOIFTwaJQ6XcypvHxctLwswx7iWYB6EIwwMeBjZQFilEQLV5fezr
        Yram+aHylI7c6KGojsaVb0NnoIPqNbrNvRDF19oqRjGEgXm5WqTqjq9+NR09pu4y
        xw6/Z7945DRtwt0Jif+ZjvxE2dWMR7Gg/Gl7JMQ67b+oAFCpXTjDYD1BAogXcB/y
        Ipqur7UCgYEA8U375sYNfxVaV085tZf3Oik0ZUebjJ2yu7ThsFqP1GZ2GIsW3cd8
        wyJxjW68rIsHiYgnjAe2/b0qPnpZcA2d08dBKiO96GoVx9UFFBytXzY/+qgeSjv0
        9xXFXCJVphrW2F2E/4QDeVRR9Vc3pPtDCPNEUigwHmTTBydAX/VIqEMCgYEAwsOQ
        rJI2Hj4Yz/2kgBtWCo3XkF1uq6OUry69/vL+Z1tAsc6QAT+IN76AjLgDe5lvUAsJ
        0ibwD7b2Vhs9W7S5KC9jE0I5NTyb7OHbSD3HLt0ibIe5fjiBX0nyMXwaWO++dkAe
        J5GlN29bwC8r4pL/YbT1Tdkf1UEGnykT8nvtvw0CgYEA5guRniWsUj56HQiDnPLe
        mA0WTYPh8EGbVsYP7z+3JSf1aFqZlx+KesHIfaxXpSr6KYyrHx1vwCFqN5wOzfu9
        PlwUbOccMomIcDVOHSllw4KFpiJGlkDovfJ8b+SvwKaPskAd/jbN1QqlA/99JgUA
        mHTK6oQzs5YtdQFfptvBw98CgYEAlNERjor5xwnzs5k/RJOentnayHhbw9JuHZ09
        l7zcHuVe/X20EwAUeWOanetM3fhTUXnduzH9ZESM3SZbL+NbRxVOQrzrMX5qNgot
        n3l05J4bW4opdgR+9exuntkQ2Lv3cCt13w4ui7kPBj4E7k8by/CVLzKkXDIfeSXO
        FA4Vj1ECgYEAmt56w//Okq8+AP6BNX8Fvtx1ZR47c5I4MUvZSMr3o4aOPJFq0079
        7ictrPy4MjmZkekGGSF2k6X7AWzy0DxKThGNZbVtGlcDop6HETU/c0lJ/2z/AaQl
        SPfK8acnOZYNWGKIJxXl4Yd+cQrRFpQqoi3SDA4vOQSEUlD/b72Iu7M=
        -----END RSA PRIVATE KEY-----
        """

    /// A throwaway P-256 key in PKCS#8 form.
    static let ecKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgpb/Bu0vGnw9J7ASr
        A4PLBk5ZlEolAIr2koctgETdiYyhRANCAARmre2aRwEVuhOfytogYz1CaXLIo/5h
        lMZ1Ivkdr0AEE8gZPiSC14o+PcqBxIfT2Kvpr5NTMmw0Wjd7yT+63rN3
        -----END PRIVATE KEY-----
        """
}
