/// The nav shown by the pages of one section, rendered once with a slot where each of the section's
/// entries goes: the pages differ only in which entry is current. A page's nav is the slots filled
/// with the HTML of the entries, its own rendered as current (see `PartialReuse`).
struct SlottedNav: Sendable {
    /// The HTML around the slots: one more piece than there are slots.
    private let pieces: [String]
    /// The page whose entry fills each slot, in the order of the HTML.
    private let slots: [Int]

    /// What the slot of page `index` renders as before it is filled: private-use characters around a
    /// name no page shows (and a nav where a marker shows up twice is not used).
    static func marker(_ index: Int) -> String {
        "\u{E000}sitegen-slot-\(index)\u{E001}"
    }

    /// Splits `html` at the markers of `entries`; nil unless each appears exactly once.
    init?(html: String, entries: [Int]) {
        let bytes = Array(html.utf8)
        let open = Array("\u{E000}sitegen-slot-".utf8)
        let close = Array("\u{E001}".utf8)
        var pieces: [String] = []
        var slots: [Int] = []
        var pieceStart = 0
        var position = 0
        while let start = Self.find(open, in: bytes, from: position) {
            let numberStart = start + open.count
            guard let end = Self.find(close, in: bytes, from: numberStart),
                let index = Int(String(decoding: bytes[numberStart..<end], as: UTF8.self))
            else { return nil }
            pieces.append(String(decoding: bytes[pieceStart..<start], as: UTF8.self))
            slots.append(index)
            position = end + close.count
            pieceStart = position
        }
        pieces.append(String(decoding: bytes[pieceStart...], as: UTF8.self))
        guard slots.sorted() == entries.sorted() else { return nil }
        self.pieces = pieces
        self.slots = slots
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var position = start
        while position + needle.count <= bytes.count {
            if bytes[position] == needle[0], bytes[position..<position + needle.count].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The nav with each slot filled by `entry`; nil when an entry has no HTML to paste.
    func filled(_ entry: (Int) -> String?) -> String? {
        var html = pieces[0]
        for (position, index) in slots.enumerated() {
            guard let filling = entry(index) else { return nil }
            html += filling
            html += pieces[position + 1]
        }
        return html
    }
}
