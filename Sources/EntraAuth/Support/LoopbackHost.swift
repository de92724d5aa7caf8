import Foundation

/// Loopback hosts, the only ones allowed over plain http (local testing).
enum LoopbackHost {
    static func contains(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
    }
}
