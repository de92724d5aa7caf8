import Testing

@testable import EntraAuth

/// `/.auth/logout` signs out only when this site's own pages asked: `Sec-Fetch-Site`, else `Origin`, else `Referer`;
/// with none of them, or another site in them, the reader is asked first.
struct SignOutOriginTests {
    static let signsOut: [[String: String]] = [
        ["Sec-Fetch-Site": "same-origin"],
        ["Sec-Fetch-Site": "none"],
        ["Origin": "https://site.example"],
        ["Referer": "https://site.example/docs/a"],
        ["Referer": "https://site.example"],
    ]
    static let asksFirst: [[String: String]] = [
        [:],
        ["Sec-Fetch-Site": "cross-site"],
        ["Sec-Fetch-Site": "same-site", "Origin": "https://site.example"],
        ["Origin": "https://evil.example"],
        ["Origin": "null"],
        ["Origin": "https://evil.example", "Referer": "https://site.example/docs/"],
        ["Referer": "https://evil.example/page"],
        ["Referer": "https://site.example.evil.example/page"],
        ["Referer": "http://site.example/docs/"],
    ]

    @Test(arguments: signsOut) func aRequestFromThisSiteSignsOut(headers: [String: String]) throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session())
        let response = harness.get("/.auth/logout", headers: headers, jar: jar)
        #expect(response.status == 302)
        #expect(harness.session(in: jar) == nil)
    }

    @Test(arguments: asksFirst) func anyOtherRequestIsAskedFirst(headers: [String: String]) throws {
        let harness = try AuthHarness()
        let jar = try harness.jar(with: harness.session())
        let response = harness.get("/.auth/logout", headers: headers, jar: jar)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self).contains("Sign out?"))
        #expect(response.headers("Set-Cookie").isEmpty)
        #expect(harness.session(in: jar) != nil, "nothing happens until the reader answers")
    }
}
