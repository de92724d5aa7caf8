import Foundation

/// Parses durations written the way people write them in config files: `8h`, `90m`, `1h30m`, `3600s`, `1d`.
enum DurationText {
    static func seconds(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var digits = ""
        var sawUnit = false
        for character in text.trimmingCharacters(in: .whitespaces) {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard let value = Double(digits) else { return nil }
            switch character {
            case "d": total += value * 86_400
            case "h": total += value * 3_600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            digits = ""
            sawUnit = true
        }
        guard digits.isEmpty, sawUnit, total > 0 else { return nil }
        return total
    }
}
