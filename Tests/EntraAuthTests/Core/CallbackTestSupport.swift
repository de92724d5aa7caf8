import Foundation

@testable import EntraAuth

/// The correlation id shown on an error page.
func correlation(in text: String) -> String? {
    guard let label = text.range(of: "<dt>Correlation id</dt><dd><code>"),
        let end = text[label.upperBound...].range(of: "</code>")
    else { return nil }
    return String(text[label.upperBound..<end.lowerBound])
}

/// No `Set-Cookie` in `response` starts a session.
func issuesNoSession(_ response: Response, harness: AuthHarness) -> Bool {
    !response.headers("Set-Cookie").contains {
        $0.hasPrefix(harness.sessionCookieName + "=") && !$0.contains("Max-Age=0")
    }
}

/// How many requests the token endpoint received.
func tokenRequests(_ harness: AuthHarness) -> Int { harness.http.callCount(harness.idp.tokenEndpoint) }
