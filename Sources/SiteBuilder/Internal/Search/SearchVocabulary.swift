/// The words of one part of the search index, numbered in the order they are first met, looked up by their
/// UTF-8 bytes: an open-addressing table over FNV-1a hashes, so counting a page's thousand words makes no
/// string and no allocation for a word already known.
struct SearchVocabulary {
    /// Each known word, by number.
    private(set) var words: [String] = []
    /// Every word's bytes, one after the other; word `n` is `bytes[starts[n]..<starts[n + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [Int] = [0]
    private var hashes: [UInt32] = []
    /// Word numbers by hash slot, -1 for an empty slot; the count is a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 1024)

    init() {}

    /// A vocabulary that numbers `words` as they are numbered there, 0 first.
    init(words: [String]) {
        for word in words {
            var word = word
            _ = word.withUTF8 { number($0) }
        }
    }

    /// The number of the word whose bytes are `word`, numbering it if it is new.
    mutating func number(_ word: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = word.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash, starts[number + 1] - starts[number] == word.count,
                bytes[starts[number]..<starts[number + 1]].elementsEqual(word)
            {
                return Int32(number)
            }
            slot = (slot + 1) & mask
        }
        let number = Int32(words.count)
        words.append(String(decoding: word, as: UTF8.self))
        bytes.append(contentsOf: word)
        starts.append(bytes.count)
        hashes.append(hash)
        slots[slot] = number
        if words.count * 2 > slots.count { grow() }
        return number
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number)
        }
    }
}
