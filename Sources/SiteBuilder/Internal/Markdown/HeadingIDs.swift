/// GitHub-style heading ids, unique within a page: "Set up nginx!" → `set-up-nginx`, then `set-up-nginx-1`;
/// `{#id}` written at the end of a heading gives it that id instead.
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

    /// The ids of a page's headings, in order: the id a heading's attribute block gives it, else the slug of its
    /// text; and the ids MkDocs gives them, where those differ (see `MkDocsIDs`). Written ids are taken first,
    /// as MkDocs takes them, so a slug that meets one gets the suffix; a written id used twice gets it the
    /// second time, and links to it lead to the first, as a browser takes the first of two equal ids.
    static func ids(for headings: [Heading]) -> (ids: [String], mkdocs: [String: String]) {
        var ids = HeadingIDs()
        var firstWritten: Set<Int> = []
        for (index, heading) in headings.enumerated() {
            if let written = heading.writtenID, ids.used.insert(written).inserted { firstWritten.insert(index) }
        }
        var mkdocsAgrees = true
        let result = headings.enumerated().map { index, heading in
            if let written = heading.writtenID { return firstWritten.contains(index) ? written : ids.unique(written) }
            let slug = Self.slug(heading.text)
            let id = ids.unique(slug)
            mkdocsAgrees = mkdocsAgrees && id == slug && MkDocsIDs.agrees(slug, text: heading.text)
            return id
        }
        return (result, mkdocsAgrees ? [:] : MkDocsIDs.differing(from: result, of: headings))
    }

    /// `slug` ("section" when empty), with `-1`, `-2`, … appended when an earlier heading already has it.
    private mutating func unique(_ slug: String) -> String {
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
