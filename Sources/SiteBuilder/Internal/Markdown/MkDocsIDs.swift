import Foundation

/// The ids MkDocs gives headings (Python-Markdown's `toc`: `slugify`, then `unique`), which links in a site
/// written for MkDocs use: "Set up -- nginx" is `set-up-nginx` there and `set-up----nginx` here, "Ünïcode
/// headings" `unicode-headings` and `ünïcode-headings`. Headings keep GitHub's ids; a link naming a heading by
/// MkDocs's id leads to it (see `PageAnchors`).
enum MkDocsIDs {
    /// Python-Markdown's `slugify`: NFKD, non-ASCII dropped, then characters other than word characters, spaces
    /// and `-` dropped, spaces at the ends stripped, lowercased, and each run of spaces and `-` made one `-`.
    static func slug(_ text: String) -> String {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 } ? text : text.decomposedStringWithCompatibilityMapping
        var slug: [UInt8] = []
        var inRun = false
        var runHasHyphen = false
        for byte in ascii.utf8 where byte < 0x80 {
            if isWordByte(byte) {
                // `strip` takes spaces off the ends, not hyphens: a run at the start counts only with a hyphen.
                if inRun, !slug.isEmpty || runHasHyphen { slug.append(UInt8(ascii: "-")) }
                (inRun, runHasHyphen) = (false, false)
                slug.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
            } else if byte == UInt8(ascii: "-") || isSpace(byte) {
                inRun = true
                runHasHyphen = runHasHyphen || byte == UInt8(ascii: "-")
            }
        }
        if inRun, runHasHyphen { slug.append(UInt8(ascii: "-")) }
        return String(decoding: slug, as: UTF8.self)
    }

    /// Whether MkDocs's slug of `text` is surely `gitHubSlug`, GitHub's: the text is ASCII with no space but
    /// ` `, and the slug has no `-` at its ends or two together. Then the two rules keep and drop the same
    /// characters; otherwise `slug(_:)` says.
    static func agrees(_ gitHubSlug: String, text: String) -> Bool {
        var previousIsHyphen = true
        for byte in gitHubSlug.utf8 {
            let isHyphen = byte == UInt8(ascii: "-")
            if isHyphen, previousIsHyphen { return false }
            previousIsHyphen = isHyphen
        }
        return !previousIsHyphen && text.utf8.allSatisfy { $0 < 0x80 && ($0 == UInt8(ascii: " ") || !isSpace($0)) }
    }

    /// The ids MkDocs gives `headings`, mapped to their `ids` here where the two differ. MkDocs keeps the ids
    /// written in attribute blocks and makes the others unique among them and each other with `_1`, `_2`, ….
    static func differing(from ids: [String], of headings: [Heading]) -> [String: String] {
        var used = Set(headings.compactMap(\.writtenID))
        var differing: [String: String] = [:]
        for (heading, id) in zip(headings, ids) where heading.writtenID == nil {
            let mkdocsID = unique(slug(heading.text), among: &used)
            if mkdocsID != id { differing[mkdocsID] = id }
        }
        return differing
    }

    /// Python-Markdown's `unique`: `id`, else with `_1` appended, or the number it ends with after `_` raised.
    private static func unique(_ id: String, among used: inout Set<String>) -> String {
        var id = id
        while id.isEmpty || used.contains(id) {
            if let underscore = id.lastIndex(of: "_"), case let digits = id[id.index(after: underscore)...],
                digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits)
            {
                id = String(id[..<underscore]) + "_\(number + 1)"
            } else {
                id += "_1"
            }
        }
        used.insert(id)
        return id
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// What Python's `\s` and `strip` take for a space among ASCII characters.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte) || (0x1C...0x1F).contains(byte)
    }
}
