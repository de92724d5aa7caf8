import Foundation

@testable import EntraAuth

/// A suite that signs readers in straight into the session store and asks the check endpoint about a path with
/// their cookie.
protocol SessionChecking {}

extension SessionChecking {
    func check(_ harness: AuthHarness, _ uri: String = "/docs/", jar: CookieJar) -> Response {
        harness.get("/.auth/check", headers: ["X-Original-URI": uri], jar: jar)
    }

    func signedIn(_ harness: AuthHarness, sid: String? = nil, roles: [String] = ["Finance.Read"]) throws -> CookieJar {
        var session = harness.session(roles: roles)
        session.providerSessionID = sid
        return try harness.jar(with: session)
    }
}
