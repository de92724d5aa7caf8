import Foundation

extension dirent {
    /// The entry's file name, as `readdir` gives it.
    var name: String {
        withUnsafeBytes(of: d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
