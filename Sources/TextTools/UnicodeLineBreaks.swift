/// The characters Unicode (and YAML 1.1) counts as line breaks besides "\r" and "\n", which TOML, YAML 1.2 and
/// editors' line numbers do not: the config and front matter readers name them in their errors.
public enum UnicodeLineBreaks {
    /// `U+2028 (line separator)` for U+2028, and so for U+0085 and U+2029; nil for any other character.
    public static func name(of scalar: UInt32) -> String? {
        switch scalar {
        case 0x85: "U+0085 (next line)"
        case 0x2028: "U+2028 (line separator)"
        case 0x2029: "U+2029 (paragraph separator)"
        default: nil
        }
    }
}
