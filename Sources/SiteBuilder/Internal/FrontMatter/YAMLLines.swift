import TextTools

/// The lines of a YAML text as libyaml counts them, with the file line each starts on. They differ when the text
/// holds U+0085, U+2028 or U+2029: YAML 1.1, which libyaml reads, breaks lines there, while YAML 1.2, editors and
/// every other line number of the build do not. Lines end at "\r\n", "\r" and "\n" in both.
struct YAMLLines {
    /// Each libyaml line's text, the file line it starts on, counted from 1 at the text's first line, and the
    /// break that ends it when only YAML 1.1 breaks a line there.
    private let lines: [(text: Substring, fileLine: Int, yamlOnlyBreak: Unicode.Scalar?)]

    init(_ yaml: String) {
        var lines: [(text: Substring, fileLine: Int, yamlOnlyBreak: Unicode.Scalar?)] = []
        let scalars = yaml.unicodeScalars
        var start = scalars.startIndex
        var index = start
        var fileLine = 1
        while index < scalars.endIndex {
            let scalar = scalars[index]
            var next = scalars.index(after: index)
            let onlyYAML = UnicodeLineBreaks.name(of: scalar.value) != nil
            if scalar == "\r" || scalar == "\n" || onlyYAML {
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { next = scalars.index(after: next) }
                lines.append((yaml[start..<index], fileLine, onlyYAML ? scalar : nil))
                if !onlyYAML { fileLine += 1 }
                start = next
            }
            index = next
        }
        lines.append((yaml[start...], fileLine, nil))
        self.lines = lines
    }

    /// Whether libyaml's lines of `yaml` are its file lines: it holds none of the breaks only YAML 1.1 knows
    /// (`UnicodeLineBreaks`). Looks at their UTF-8 bytes alone, so reading a page's front matter costs no more
    /// when they are.
    static func areFileLines(_ yaml: String) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in yaml.utf8 {
            // U+0085 is C2 85; U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
            if (previous == 0xC2 && byte == 0x85) || (beforePrevious == 0xE2 && previous == 0x80 && byte & 0xFE == 0xA8)
            {
                return false
            }
            (beforePrevious, previous) = (previous, byte)
        }
        return true
    }

    /// The file line (from 1 at the text's first line) libyaml's line `line` (from 1) starts on; a line past the
    /// last is taken as the last (there is always one).
    func fileLine(of line: Int) -> Int {
        lines[min(max(line, 1), lines.count) - 1].fileLine
    }

    /// A break only YAML 1.1 knows on the file line libyaml's line `line` (from 1) is on, if there is one.
    func yamlOnlyBreak(onFileLineOf line: Int) -> Unicode.Scalar? {
        let fileLine = fileLine(of: line)
        return lines.lazy.filter { $0.fileLine == fileLine }.compactMap(\.yamlOnlyBreak).first
    }

    /// The text of libyaml's line `line` (from 1), without its line break; nil past the last.
    func text(of line: Int) -> Substring? {
        lines.indices.contains(line - 1) ? lines[line - 1].text : nil
    }
}
