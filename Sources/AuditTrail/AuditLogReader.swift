import Foundation

/// Reads audit logs line by line — a file, or standard input for `-` (`zcat audit.log.*.gz | … --log -`) — and
/// keeps the entries a query matches, oldest first.
///
/// A line that is not an audit line (a line nginx was still writing, a line of another log format) is reported
/// through `warn` with its file and line number and skipped; a log in which no line is an audit line is an error,
/// since it is the wrong file.
public struct AuditLogReader {
    /// Warnings beyond this many per file are counted, not listed.
    static let warningsPerFile = 5

    let warn: (String) -> Void

    /// A reader that reports skipped lines through `warn`.
    public init(warn: @escaping (String) -> Void) { self.warn = warn }

    /// The entries of `logs` that `query` matches, in time order.
    public func entries(in logs: [String], matching query: AuditQuery) throws(AuditError) -> [AuditEntry] {
        var found: [AuditEntry] = []
        for log in logs {
            found += try entries(in: log, matching: query)
        }
        return found.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    private func entries(in log: String, matching query: AuditQuery) throws(AuditError) -> [AuditEntry] {
        let handle: FileHandle
        if log == "-" {
            handle = .standardInput
        } else {
            guard let opened = FileHandle(forReadingAtPath: log) else {
                throw AuditError("\(log): cannot be read (\(Self.why(log)))")
            }
            handle = opened
        }
        defer { if log != "-" { try? handle.close() } }
        let name = log == "-" ? "standard input" : log
        var found: [AuditEntry] = []
        var lineNumber = 0
        var good = 0
        var bad = 0
        var pending = Data()
        func take(_ line: Data) {
            lineNumber += 1
            let text = String(decoding: line, as: UTF8.self)
            guard !text.allSatisfy(\.isWhitespace) else { return }
            do {
                let entry = try AuditLine.parse(Substring(text))
                good += 1
                if query.matches(entry) { found.append(entry) }
            } catch {
                bad += 1
                if bad <= Self.warningsPerFile { warn("\(name):\(lineNumber): \(error.description); skipped") }
            }
        }
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 16) ?? Data()
            } catch {
                throw AuditError("\(name): reading failed after line \(lineNumber) (\(error.localizedDescription))")
            }
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                take(pending[pending.startIndex..<newline])
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { take(pending) }
        if bad > Self.warningsPerFile {
            warn("\(name): \(bad - Self.warningsPerFile) more lines skipped")
        }
        if good == 0, bad > 0 {
            throw AuditError(
                "\(name): no line is an audit line; give the log that nginx writes with "
                    + "`access_log … sitegen_audit;` (deploy/nginx/site.example.conf)")
        }
        return found
    }

    private static func why(_ path: String) -> String {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) { return "no such file" }
        return isFolder.boolValue ? "a folder, not a log file" : "permission denied; nginx makes it 0640 root:adm"
    }
}
