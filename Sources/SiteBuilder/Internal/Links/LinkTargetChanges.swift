/// Which links a change to the site's link targets can affect, worked out from the targets of the last build
/// (`LinkIndex.described`, kept in the build cache) and this build's.
///
/// A link reaches a page, draft or asset only through a path that ends in the target's file name (the
/// page's `.md` path, its `.html` name, the asset's path), so a link whose destination holds none of the
/// changed targets' names resolves as before without asking. A section is reached by other spellings
/// too (`../`, `index.html`), so a changed section, root URL, repository, book summary or page's other name (an
/// Obsidian alias) answers nil: every link is asked again. Names are compared as bytes, so a destination that may
/// spell one otherwise is always asked again: one with a percent escape, and, as Swift compares text by canonical
/// equivalence (`é` written as one character or two), one with anything but ASCII in it or in a changed name; and a
/// wiki link, which may spell a name in another case.
final class LinkTargetChanges: Sendable {
    /// The part of each changed target's file name before its first dot.
    private let names: [String]
    /// Some name holds more than ASCII: every destination may spell it.
    private let namesAreASCII: Bool
    /// The source paths of the pages that were no link target in the last build. No link a page's summary holds from
    /// then leads into one of them: a link that names one resolves otherwise now, and its page is rendered again.
    let addedPages: Set<String>

    /// The changes between `earlier` (what `described` was in the last build) and `current`; nil when `earlier`
    /// cannot be read or a change may affect links that do not name the target.
    init?(earlier: [UInt8], current: LinkIndex) {
        guard let before = Targets(earlier), let now = Targets(current.described), before.rest == now.rest else {
            return nil
        }
        var (first, last) = (0, 0)
        let common = min(before.records.count, now.records.count)
        while first < common, now.sameRecord(first, as: before, first) { first += 1 }
        while last < common - first,
            now.sameRecord(now.records.count - 1 - last, as: before, before.records.count - 1 - last)
        {
            last += 1
        }
        let earlierPages = before.targets(first..<before.records.count - last)
        let pages = now.targets(first..<now.records.count - last)
        let page = LinkIndex.tag(of: .page)
        var changed: [String] = []
        var added: Set<String> = []
        for (path, target) in pages where earlierPages[path].map({ $0 != target }) ?? true {
            guard target.kind == page, earlierPages[path].map({ $0.kind == page }) ?? true else { return nil }
            changed.append(path)
            if earlierPages[path] == nil { added.insert(path) }
        }
        addedPages = added
        for (path, target) in earlierPages where pages[path] == nil {
            guard target.kind == page else { return nil }
            changed.append(path)
        }
        changed += now.assets.symmetricDifference(before.assets)
        changed += now.drafts.symmetricDifference(before.drafts)
        names = changed.map { path in String(SitePath.lastComponent(of: path).prefix { $0 != "." }) }
        namesAreASCII = names.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// Whether a link written as `destination` may resolve differently now. Asked of every link of every page a
    /// change may reach, so the destination is looked at as bytes, in one pass.
    func mayChange(_ destination: String) -> Bool {
        guard !names.isEmpty else { return false }
        guard namesAreASCII else { return true }
        let asked = destination.utf8.withContiguousStorageIfAvailable { bytes in
            Self.alwaysAsked(bytes) || names.contains { UnsafeRawBufferPointer(bytes).containsBytes($0) }
        }
        // Text not stored as UTF-8 (bridged from elsewhere) is asked again.
        return asked ?? true
    }

    /// Whether any of `destinations` may resolve differently now, as `mayChange` answers for each: one search of
    /// their bytes per changed name.
    func mayChange(anyOf destinations: LinkDestinations) -> Bool {
        guard !names.isEmpty else { return false }
        guard namesAreASCII, !destinations.alwaysAsked else { return true }
        return destinations.bytes.withUnsafeBytes { bytes in names.contains { bytes.containsBytes($0) } }
    }

    /// Whether a destination is asked again whatever changed: a wiki link, which finds a page by its name in any
    /// case, or with hyphens for its spaces; one with a percent escape or anything but ASCII, which may spell a
    /// name otherwise.
    static func alwaysAsked(_ destination: UnsafeBufferPointer<UInt8>) -> Bool {
        if destination.starts(with: wikiScheme) { return true }
        for byte in destination where byte == UInt8(ascii: "%") || byte >= 0x80 { return true }
        return false
    }

    private static let wikiScheme = Array(WikiLinks.scheme.utf8)

    /// What `LinkIndex.described` says, read back: where each target's record lies, then the assets, drafts and
    /// the rest. Both builds list targets in the order of the sorted listing of the site folder, so the
    /// records the two have in common at the start and at the end are compared as bytes and not read further.
    private struct Targets {
        let bytes: [UInt8]
        /// Where each target's record (kind, path, URL) lies in `bytes`.
        var records: [Range<Int>] = []
        var assets: Set<String> = []
        var drafts: Set<String> = []
        /// The root URL, repository, book summary, pages' other names and second section files, as written.
        var rest: ArraySlice<UInt8> = []

        init?(_ bytes: [UInt8]) {
            self.bytes = bytes
            var reader = ByteReader(bytes: bytes)
            do throws(ByteReader.Damaged) {
                let count = try reader.int()
                guard count >= 0, count <= bytes.count else { return nil }
                records.reserveCapacity(count)
                for _ in 0..<count {
                    let start = reader.position
                    _ = try reader.tag()
                    _ = try reader.skip(try reader.int())
                    _ = try reader.skip(try reader.int())
                    records.append(start..<reader.position)
                }
                assets = Set(try reader.list { reader throws(ByteReader.Damaged) in try reader.string() })
                drafts = Set(try reader.list { reader throws(ByteReader.Damaged) in try reader.string() })
            } catch {
                return nil
            }
            rest = bytes[reader.position...]
        }

        /// Compared as memory: a build compares nearly every record, and `elementsEqual` goes byte by byte.
        func sameRecord(_ index: Int, as other: Targets, _ otherIndex: Int) -> Bool {
            bytes[records[index]].sameBytes(as: other.bytes[other.records[otherIndex]])
        }

        /// The kind (`LinkIndex.tag(of:)`) and URL of each target
        /// among the records in `range`, by path.
        func targets(_ range: Range<Int>) -> [String: (kind: UInt8, url: String)] {
            var found: [String: (kind: UInt8, url: String)] = [:]
            for record in records[range] {
                var reader = ByteReader(bytes: bytes, from: record.lowerBound)
                guard let kind = try? reader.tag(), let path = try? reader.string(), let url = try? reader.string()
                else { continue }
                found[path] = (kind, url)
            }
            return found
        }
    }
}
