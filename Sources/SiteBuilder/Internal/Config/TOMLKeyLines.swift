import Foundation

/// Finds the line a top-level key of a TOML file is on; TOMLKit keeps no source positions.
struct TOMLKeyLines {
    private var lines: [String: Int] = [:]

    init(text: String) {
        var lineNumber = 0
        var inTable = false
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let name = line.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }
                let key = name.trimmingCharacters(in: .whitespaces)
                if lines[key] == nil { lines[key] = lineNumber }
                inTable = true
                continue
            }
            guard !inTable, let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: ["\"", "'"])
            if lines[key] == nil { lines[key] = lineNumber }
        }
    }

    /// The 1-based line of `key`, or nil when it cannot be found.
    func line(of key: String) -> Int? {
        lines[key]
    }
}
