/// Indentation as CommonMark counts it, in columns, a tab reaching the next multiple of four: what the passes that
/// rewrite blocks before parsing (`Admonitions`, `DocusaurusTabs`) measure, and take away from their content.
enum Indentation {
    /// Whether `line` holds nothing but spaces and tabs.
    static func isBlank(_ line: String) -> Bool { line.allSatisfy { $0 == " " || $0 == "\t" } }

    /// The columns of indentation `line` starts with.
    static func columns(of line: String) -> Int {
        var columns = 0
        for character in line {
            if character == " " {
                columns += 1
            } else if character == "\t" {
                columns += 4 - columns % 4
            } else {
                break
            }
        }
        return columns
    }

    /// `line` without its first `width` columns of indentation.
    static func dedented(_ line: String, by width: Int) -> String {
        var columns = 0
        var rest = Substring(line)
        while columns < width, let first = rest.first, first == " " || first == "\t" {
            columns += first == "\t" ? 4 - columns % 4 : 1
            rest = rest.dropFirst()
        }
        return String(rest)
    }
}
