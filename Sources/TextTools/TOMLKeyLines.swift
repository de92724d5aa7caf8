import Foundation

/// Finds the line a key of a TOML file is on, a top-level one (`access`, `params`) or one of a table's
/// (`file_access.guide/payroll.xlsx`); TOMLKit keeps no source positions.
public struct TOMLKeyLines: Sendable {
    private var lines: [String: Int] = [:]

    /// Reads the lines of `text`, a TOML file.
    public init(text: String) {
        var lineNumber = 0
        var table: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                // `[auth.microsoft]` opens `auth.microsoft`, and `auth` on this line when no line did before.
                let parts = line.drop { $0 == "[" }.prefix { $0 != "]" }.split(separator: ".").map {
                    $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\"", "'"])
                }
                for count in parts.indices {
                    let name = parts[...count].joined(separator: ".")
                    if lines[name] == nil { lines[name] = lineNumber }
                }
                table = parts.joined(separator: ".")
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\"", "'"])
            let name = table.map { $0 + "." + key } ?? key
            if lines[name] == nil { lines[name] = lineNumber }
        }
    }

    /// The 1-based line of `key`, or nil when it cannot be found.
    public func line(of key: String) -> Int? {
        lines[key]
    }
}
