/// Finds the valid name closest to a misspelt one, so an error can ask "did you mean …?".
///
/// ```swift
/// "unknown key 'serch'\(ClosestName.suggestion(for: "serch", among: ["title", "search"]))"
/// // unknown key 'serch' (did you mean 'search'?)
/// ```
public enum ClosestName {
    /// ` (did you mean 'NAME'?)` for the candidate closest to `word`, or nothing when none is close: how every
    /// error that meets an unknown name suggests the one meant. `key` picks the part of a name to compare, such as
    /// a path's file name without its extension, so that what all names share does not make any two look close.
    public static func suggestion(
        for word: String, among candidates: [String], comparing key: (String) -> String = { $0 }
    ) -> String {
        let keys = candidates.map(key)
        guard let close = to(key(word), among: keys), let index = keys.firstIndex(of: close) else { return "" }
        return " (did you mean '\(candidates[index])'?)"
    }

    /// The candidate within a few edits of `word` (ignoring case), or nil when none is close.
    public static func to(_ word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        return candidates.map { ($0, distance(lowered, $0.lowercased())) }
            .filter { $0.1 <= max(2, word.count / 3) }
            .min { $0.1 < $1.1 }?.0
    }

    /// Whether `word` is `name` written with one slip: in another case, with one letter added, dropped or
    /// changed, or with two neighbouring letters swapped (`weigth` for `weight`). Stricter than `to(_:among:)`,
    /// for names that may as well be meant as they are, such as a page's own front matter keys.
    public static func isSlip(_ word: String, of name: String) -> Bool {
        let written = Array(word.lowercased())
        let meant = Array(name.lowercased())
        guard abs(written.count - meant.count) <= 1 else { return false }
        if distance(String(written), String(meant)) <= 1 { return true }
        guard written.count == meant.count else { return false }
        let differing = written.indices.filter { written[$0] != meant[$0] }
        return differing.count == 2 && differing[1] == differing[0] + 1
            && written[differing[0]] == meant[differing[1]] && written[differing[1]] == meant[differing[0]]
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
