/// The reason phrases of the HTTP status codes sitegen's servers answer with, for a status line (`HTTP/1.1 302
/// Found`) or a CGI `Status:` header, whose grammar requires one (RFC 3875, section 6.3.3).
public enum HTTPReason {
    /// The phrase RFC 9110 gives `status`; "Status" for a code no sitegen server sends.
    public static func phrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 421: "Misdirected Request"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}
