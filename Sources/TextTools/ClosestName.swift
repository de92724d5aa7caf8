/// Finds the valid name closest to a misspelt one, so an error can ask "did you mean …?".
public enum ClosestName {
    /// The candidate within a few edits of `word` (ignoring case), or nil when none is close.
    public static func to(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        return candidates.map { ($0, distance(lowered, $0.lowercased())) }
            .filter { $0.1 <= max(2, word.count / 3) }
            .min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance over characters.
    public static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first)
        let b = Array(second)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }
}
