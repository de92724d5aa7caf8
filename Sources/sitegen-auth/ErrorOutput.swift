import Foundation

/// Standard error as every command writes to it: each line of a message after the command's name, so a config with
/// several problems reads as a compiler's list.
enum ErrorOutput {
    /// Writes `message`, each of its lines after `prefix` and a colon.
    static func write(_ message: String, prefix: String = "sitegen-auth") {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        FileHandle.standardError.write(Data(lines.map { "\(prefix): \($0)\n" }.joined().utf8))
    }
}
