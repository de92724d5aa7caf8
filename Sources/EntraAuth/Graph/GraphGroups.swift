import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Asks Microsoft Graph which security groups the signed-in reader is in, with the access token of their sign-in.
///
/// `POST {graph_url}/v1.0/me/getMemberObjects` with `securityEnabledOnly: true`: transitive (nested groups count,
/// as they do in the `groups` claim), security groups and directory roles only (what the claim holds when the app
/// registration emits security groups), and for `/me` the delegated `User.Read` is enough. `transitiveMemberOf`
/// would page through whole group objects and need `GroupMember.Read.All`, which an administrator must consent to.
/// Graph answers up to 11,000 ids in one answer; an `@odata.nextLink` is followed all the same, for at most
/// `maximumPages` pages. While a `Retry-After` Graph answered with has not passed (`GraphBackoff`), no call is sent.
struct GraphGroups: Sendable {
    /// Pages followed before the answer is treated as unusable.
    static let maximumPages = 20

    let graphURL: URL
    let http: any HTTPClient
    /// The wait Graph asked for, shared by every call of the process.
    let backoff: GraphBackoff
    var metrics: AuthMetrics? = nil

    /// The reader's security group and directory role ids, as Graph spells them.
    func memberGroups(accessToken: String) throws -> [String] {
        var request = URLRequest(url: graphURL.appendingPathComponent("v1.0/me/getMemberObjects"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"securityEnabledOnly":true}"#.utf8)
        var ids: [String] = []
        for _ in 0..<Self.maximumPages {
            request.setValue("Bearer " + accessToken, forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let page = try call(request)
            ids += page.ids
            guard let next = page.next else { return ids }
            request = URLRequest(url: next)
        }
        metrics?.graphCalls.increment(.malformed)
        throw AuthError(
            .graphUnavailable, "Microsoft Graph's group list went on for more than \(Self.maximumPages) pages")
    }

    private func call(_ request: URLRequest) throws -> (ids: [String], next: URL?) {
        if let wait = backoff.remaining() {
            metrics?.graphCalls.increment(.waited)
            throw AuthError.graphUnavailable(
                "Microsoft Graph asked to wait \(wait) s more before the next call (Retry-After)", retryAfter: wait)
        }
        let started = MonotonicClock.nanoseconds()
        let sent = Result { try http.send(request) }
        metrics?.graphCallDuration.observe(since: started)
        let answer: HTTPAnswer
        do {
            answer = try sent.get()
        } catch {
            metrics?.graphCalls.increment(.unreachable)
            throw AuthError(.graphUnavailable, "Microsoft Graph could not be reached: \(error.localizedDescription)")
        }
        guard answer.status == 200 else {
            throw refusal(answer)
        }
        let json = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any]
        guard let values = json?["value"] as? [Any], let ids = values as? [String] else {
            metrics?.graphCalls.increment(.malformed)
            throw AuthError(.graphUnavailable, "Microsoft Graph answered getMemberObjects without a list of ids")
        }
        var next: URL?
        if let link = json?["@odata.nextLink"] as? String {
            // The next page goes to Graph only: the reader's token must not follow a link elsewhere.
            guard let url = URL(string: link), url.scheme == graphURL.scheme, url.host == graphURL.host,
                url.port == graphURL.port
            else {
                metrics?.graphCalls.increment(.malformed)
                throw AuthError(.graphUnavailable, "Microsoft Graph's next page is not on \(graphURL.absoluteString)")
            }
            next = url
        }
        metrics?.graphCalls.increment(.success)
        return (ids, next)
    }

    /// What an error answer means for the reader and the administrator; Graph's `error.code` is in the message.
    private func refusal(_ answer: HTTPAnswer) -> AuthError {
        let json = (try? JSONSerialization.jsonObject(with: answer.body)) as? [String: Any]
        let code = (json?["error"] as? [String: Any])?["code"] as? String ?? "http_\(answer.status)"
        switch answer.status {
        case 429, 500...599:
            metrics?.graphCalls.increment(answer.status == 429 ? .throttled : .serverError)
            let wait = backoff.asked(status: answer.status, retryAfter: answer.header("Retry-After"))
            let note = wait.map { " (Retry-After: no call for \($0) s)" } ?? ""
            return AuthError.graphUnavailable(
                "Microsoft Graph answered HTTP \(answer.status) \(code)\(note)", retryAfter: wait)
        case 400 where code == "Directory_ResultSizeLimitExceeded":
            metrics?.graphCalls.increment(.refused)
            return AuthError(
                .groupsOverage, "the user is in more than 11,000 groups, more than Microsoft Graph lists (\(code))")
        default:
            metrics?.graphCalls.increment(.refused)
            return AuthError(
                .graphRefused,
                "Microsoft Graph refused getMemberObjects with HTTP \(answer.status) \(code): the app registration needs "
                    + "the delegated permission User.Read on Microsoft Graph, consented for the tenant")
        }
    }
}
