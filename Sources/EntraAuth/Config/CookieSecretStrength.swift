/// Estimates whether a cookie secret carries at least 256 bits (32 bytes) of entropy.
///
/// The estimate is length × bits per character of the smallest alphabet the secret fits (hex, lowercase letters and
/// spaces, base64, printable ASCII), and a secret with few distinct characters or a repeated pattern is refused
/// outright, so `aaaa…`, `0123456789abcdef` four times, a short passphrase or words run together in lowercase never
/// pass while `openssl rand -base64 32` and `openssl rand -hex 32` do. (Random base64 text all in lowercase is as
/// likely as 43 coin tosses all coming up heads, so that alphabet refuses no generated secret.)
enum CookieSecretStrength {
    static let requiredBits = 256.0

    static func isStrong(_ secret: String) -> Bool {
        let characters = Array(secret)
        // Ten, not sixteen: 64 random hex digits leave out one of the sixteen about one time in five.
        guard Set(characters).count >= min(10, characters.count / 2 + 1) else { return false }
        // In random text almost every run of three characters is new; in a pattern said again they recur, so that
        // at most about half are new. Not 90 %: one `openssl rand -hex 32` in about 100,000 repeats more than six of
        // its 62 runs, and was refused.
        let runs = characters.count - 2
        if runs > 0 {
            let distinct = Set((0..<runs).map { String(characters[$0..<$0 + 3]) }).count
            guard Double(distinct) >= 0.8 * Double(runs) else { return false }
        }
        let bitsPerCharacter: Double
        if characters.allSatisfy(\.isHexDigit) {
            bitsPerCharacter = 4
        } else if characters.allSatisfy({ ("a"..."z").contains($0) || $0 == " " }) {
            bitsPerCharacter = 4.75  // log2(27)
        } else if characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=-_".contains($0)) }) {
            bitsPerCharacter = 6
        } else {
            bitsPerCharacter = 6.5
        }
        let significant = characters.filter { $0 != "=" }.count
        return Double(significant) * bitsPerCharacter >= requiredBits
    }
}
