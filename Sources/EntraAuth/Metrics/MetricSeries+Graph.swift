/// How one call to Microsoft Graph for a reader's groups ended.
enum GraphCallOutcome: Int, MetricSeries {
    /// Graph answered with a page of group ids.
    case success
    /// No answer: a network error or the 5-second timeout.
    case unreachable
    /// HTTP 429: Graph asked to slow down.
    case throttled
    /// HTTP 5xx.
    case serverError
    /// Not sent: the `Retry-After` of an earlier answer had not passed (`GraphBackoff`).
    case waited
    /// Another HTTP error: a missing permission or consent, a rejected token, more than 11,000 groups.
    case refused
    /// HTTP 200 without a list of ids, a next page elsewhere, or too many pages.
    case malformed

    var labels: [MetricLabel] {
        let name =
            switch self {
            case .success: "success"
            case .unreachable: "unreachable"
            case .throttled: "throttled"
            case .serverError: "server_error"
            case .waited: "waited"
            case .refused: "refused"
            case .malformed: "malformed"
            }
        return [.init("outcome", name)]
    }
}
