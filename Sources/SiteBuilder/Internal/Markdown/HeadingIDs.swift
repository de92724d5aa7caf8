/// GitHub-style heading ids, unique within a page: "Set up nginx!" → `set-up-nginx`, then `set-up-nginx-1`.
struct HeadingIDs {
    private var used: Set<String> = []

    /// Lowercase; letters, digits, `_` and `-` kept; spaces become `-`; other punctuation dropped.
    static func slug(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(text) }
        var slug = ""
        for character in text.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character == "-" || character == "_" || character.isLetter || character.isNumber {
                slug.append(character)
            }
        }
        return slug
    }

    /// The same rules on bytes, for the common all-ASCII heading: every heading of the site goes through here.
    private static func asciiSlug(_ text: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): slug.append(byte)
            case UInt8(ascii: "-"), UInt8(ascii: "_"): slug.append(byte)
            case UInt8(ascii: " "): slug.append(UInt8(ascii: "-"))
            default: continue
            }
        }
        return String(decoding: slug, as: UTF8.self)
    }

    /// The slug of `text`, with `-1`, `-2`, … appended when an earlier heading already has it.
    mutating func uniqueID(for text: String) -> String {
        let slug = Self.slug(text)
        let base = slug.isEmpty ? "section" : slug
        var candidate = base
        var counter = 0
        while used.contains(candidate) {
            counter += 1
            candidate = "\(base)-\(counter)"
        }
        used.insert(candidate)
        return candidate
    }
}
