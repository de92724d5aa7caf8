import Testing

@testable import EntraAuth

struct CompactJWSTests {
    /// Builds a token from raw header and payload JSON text and a signature, without signing.
    func token(header: String, payload: String = #"{"sub":"x"}"#, signature: [UInt8] = [1, 2, 3]) -> String {
        Base64URL.encode(Array(header.utf8)) + "." + Base64URL.encode(Array(payload.utf8)) + "."
            + Base64URL.encode(signature)
    }

    @Test func splitsAndDecodesTheThreeParts() throws {
        let text = token(header: #"{"alg":"RS256","kid":"k1","typ":"JWT","x5t#S256":"abc","extra":[1]}"#)
        let jws = try CompactJWS(text)
        #expect(jws.header.alg == "RS256")
        #expect(jws.header.kid == "k1")
        #expect(jws.header.typ == "JWT")
        #expect(jws.header.x5tS256 == "abc")
        #expect(jws.header.json["extra"] == .array([.number(1)]))
        #expect(jws.payload == Array(#"{"sub":"x"}"#.utf8))
        #expect(jws.signature == [1, 2, 3])
        #expect(String(decoding: jws.signingInput, as: UTF8.self) + ".AQID" == text)
        #expect(try jws.claims() == ["sub": "x"])
    }

    @Test func readsClaimsOfEveryJSONType() throws {
        let payload =
            #"{"s":"a\/b","n":1700000000,"f":1.5,"t":true,"z":null,"a":["x",2],"o":{"k":false},"i":1,"zero":0}"#
        let claims = try CompactJWS(token(header: #"{"alg":"RS256"}"#, payload: payload)).claims()
        #expect(claims["s"]?.stringValue == "a/b")
        #expect(claims["n"]?.numberValue == 1_700_000_000)
        #expect(claims["f"] == .number(1.5))
        #expect(claims["t"] == .bool(true))
        #expect(claims["z"] == .null)
        #expect(claims["a"]?.arrayValue == ["x", 2])
        #expect(claims["o"]?.objectValue?["k"]?.boolValue == false)
        #expect(claims["i"] == .number(1))
        #expect(claims["zero"] == .number(0))
    }

    @Test(arguments: [
        ("a.b", "2 dot-separated parts"),
        ("a.b.c.d.e", "5 dot-separated parts"),
        ("", "1 dot-separated parts"),
    ])
    func refusesAWrongNumberOfParts(text: String, message: String) {
        let error = #expect(throws: AuthError.self) { try CompactJWS(text) }
        #expect(error?.description.contains(message) == true)
    }

    @Test func namesThePartThatIsNotBase64URL() {
        let good = token(header: #"{"alg":"RS256"}"#)
        let parts = good.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let cases = [
            ("e30=." + parts[1] + "." + parts[2], "header is not base64url"),
            (parts[0] + ".e30+." + parts[2], "payload is not base64url"),
            (parts[0] + "." + parts[1] + ".AQID=", "signature is not base64url"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: AuthError.self) { try CompactJWS(text) }
            #expect(error?.description.contains(message) == true)
        }
    }

    @Test(arguments: [#"["RS256"]"#, #""RS256""#, "null", "{", "not json", ""])
    func refusesAHeaderThatIsNotAJSONObject(header: String) {
        let error = #expect(throws: AuthError.self) { try CompactJWS(token(header: header)) }
        #expect(error?.description == "the token header is not a JSON object")
    }

    @Test func refusesAHeaderWithoutAlgOrWithMistypedMembers() {
        let cases = [
            (#"{"typ":"JWT"}"#, #"no "alg" string"#),
            (#"{"alg":256}"#, #"no "alg" string"#),
            (#"{"alg":"RS256","kid":7}"#, #""kid" is not a string"#),
            (#"{"alg":"RS256","crit":["exp"],"exp":1}"#, "critical extensions"),
        ]
        for (header, message) in cases {
            let error = #expect(throws: AuthError.self) { try CompactJWS(token(header: header)) }
            #expect(error?.description.contains(message) == true)
        }
    }

    @Test func refusesOversizedTokensBeforeDecoding() {
        let padding = String(repeating: "A", count: CompactJWS.maximumLength)
        let error = #expect(throws: AuthError.self) { try CompactJWS(token(header: #"{"alg":"RS256"}"#) + padding) }
        #expect(error?.description.contains("at most 16384") == true)
    }

    @Test func acceptsATokenAtTheSizeLimit() throws {
        let base = token(header: #"{"alg":"RS256"}"#, signature: [])
        let fill = String(repeating: "A", count: CompactJWS.maximumLength - base.utf8.count)
        let jws = try CompactJWS(base + fill)
        #expect(jws.signature.count == fill.count * 3 / 4)
    }

    @Test func refusesAPayloadThatIsNotAJSONObject() throws {
        let jws = try CompactJWS(token(header: #"{"alg":"RS256"}"#, payload: "[1,2]"))
        #expect(throws: AuthError.self) { try jws.claims() }
    }

    @Test func survivesDeeplyNestedJSON() {
        let nested = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        #expect(throws: AuthError.self) { try CompactJWS(token(header: #"{"alg":"RS256","x":"# + nested + "}")) }
    }
}
