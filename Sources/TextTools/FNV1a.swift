/// FNV-1a, 64 bits, over a text's UTF-8 bytes: the same in every build and on every machine, unlike `Hasher`, for
/// what must not move between builds (a search page's shard, an access rule's id).
///
/// ```swift
/// FNV1a.hash("")   // 0xcbf2_9ce4_8422_2325
/// ```
public enum FNV1a {
    /// The hash of `text`'s UTF-8 bytes.
    public static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
}
