import Foundation

/// Accepts only same-site relative paths as the page to return to after sign-in: no open redirect.
enum ReturnPath {
    static let fallback = "/"

    /// `rd` if it is a safe relative path (`/x`), otherwise `/`. Refused: `//evil`, `/\evil`, `https://…`,
    /// encoded forms of those (`/%2F%2Fevil`), control characters (header injection), raw non-ASCII.
    static func sanitize(_ candidate: String?) -> String {
        guard let candidate, candidate.count <= 2048, isRelativePath(candidate),
            candidate.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            let decoded = candidate.removingPercentEncoding, isRelativePath(decoded),
            !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return fallback }
        return candidate
    }

    private static func isRelativePath(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\")
    }
}
