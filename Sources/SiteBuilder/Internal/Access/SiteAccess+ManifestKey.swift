import AccessRules

extension SiteAccess {
    /// The digest of what the access manifest is made from: its key in the build cache, so an unchanged
    /// manifest is not encoded again (ten thousand paths take a while through `JSONEncoder`). Files added
    /// after the pages' rules were numbered count too: an edit that gives a search part one more word file
    /// must publish a manifest that lists it.
    var manifestKey: String {
        var writer = ByteWriter()
        writer.int(AccessManifest.currentVersion)
        writer.digest(entriesDigest)
        writer.list(addedFilesKeys) { $0.string($1) }
        return SHA256.hex(writer.bytes)
    }

    /// The digest of every entry's path and rule with where the rule was written, which `manifestKey` is made
    /// from: worked out with the entries, where access is resolved beside the build's own work.
    static func digest(of entries: [Entry]) -> SHA256.Digest {
        var writer = ByteWriter(capacity: 64 * entries.count)
        writer.list(entries) { writer, entry in
            writer.string(entry.path)
            writer.value(entry.origin.rule)
            writer.string(entry.origin.source)
        }
        return SHA256.digest(writer.bytes)
    }
}
