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
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }
                let key = name.trimmingCharacters(in: .whitespaces)
                if lines[key] == nil { lines[key] = lineNumber }
                table = key
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
