import Foundation

extension String {
    /// The text with every Unicode scalar for which `replacement` gives a string replaced by that string: the
    /// one loop behind every escaper here (HTML, nginx's entities, the build record, log values, metric
    /// labels). By scalar, never by character: `"` or `\n` followed by a combining mark, and `"\r\n"`, are one
    /// Swift character each, and an escaper that compares characters lets them through.
    public func replacingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) {
                result.append(contentsOf: replaced.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The text with every control or format character (Unicode Cc and Cf: line breaks, escape sequences, bidi
    /// overrides) replaced by `replacement`, so text from outside cannot forge a log line or drive a terminal.
    public func replacingControlCharacters(with replacement: String) -> String {
        replacingScalars { CharacterSet.controlCharacters.contains($0) ? replacement : nil }
    }
}
