import Foundation

/// Loopback hosts, the only ones allowed over plain http (local testing): `localhost`, and the addresses the
/// system reads as 127.0.0.0/8 or `::1`. A name that merely begins with `127.` (`127.0.0.1.example.net`) is a
/// name anyone can point anywhere, so it is not loopback.
enum LoopbackHost {
    static func contains(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if bare == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, bare, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        var loopback = in6addr_loopback
        return inet_pton(AF_INET6, bare, &v6) == 1 && memcmp(&v6, &loopback, MemoryLayout<in6_addr>.size) == 0
    }
}
