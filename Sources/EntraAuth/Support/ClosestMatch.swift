/// Finds the valid name closest to a misspelt one, so an error can say "did you mean …".
enum ClosestMatch {
    static func to(_ word: String, among candidates: [String]) -> String? {
        candidates.map { ($0, distance(word.lowercased(), $0)) }
            .filter { $0.1 <= max(2, word.count / 3) }
            .min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance over characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
