import Foundation

/// Loopback hosts, the only ones allowed over plain http (local testing): `localhost`, `::1` and the IPv4
/// addresses 127.0.0.0/8 written as four decimal numbers. A name that merely begins with `127.`
/// (`127.0.0.1.example.net`) is a name anyone can point anywhere, so it is not loopback.
enum LoopbackHost {
    static func contains(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" || bare == "::1" { return true }
        let parts = bare.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { part in
                (1...3).contains(part.count) && part.allSatisfy { ("0"..."9").contains($0) } && Int(part)! <= 255
            }
    }
}
