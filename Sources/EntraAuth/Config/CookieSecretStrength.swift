/// Estimates whether a cookie secret carries at least 256 bits (32 bytes) of entropy.
///
/// The estimate is length × bits per character of the smallest alphabet the secret fits (hex, base64,
/// printable ASCII), and a secret with few distinct characters is refused outright, so `aaaa…` or a
/// short passphrase never passes while `openssl rand -base64 32` and `openssl rand -hex 32` do.
enum CookieSecretStrength {
    static let requiredBits = 256.0

    static func isStrong(_ secret: String) -> Bool {
        let characters = Array(secret)
        guard Set(characters).count >= min(16, characters.count / 2 + 1) else { return false }
        let bitsPerCharacter: Double
        if characters.allSatisfy(\.isHexDigit) {
            bitsPerCharacter = 4
        } else if characters.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+/=-_".contains($0)) }) {
            bitsPerCharacter = 6
        } else {
            bitsPerCharacter = 6.5
        }
        let significant = characters.filter { $0 != "=" }.count
        return Double(significant) * bitsPerCharacter >= requiredBits
    }
}
