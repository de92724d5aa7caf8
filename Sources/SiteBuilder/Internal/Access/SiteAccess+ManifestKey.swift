import AccessRules

extension SiteAccess {
    /// The digest of what the access manifest is made from: its key in the build cache, so an unchanged
    /// manifest is not encoded again (ten thousand paths take a while through `JSONEncoder`). Files added
    /// after the pages' rules were numbered count too: an edit that gives a search part one more word file
    /// must publish a manifest that lists it.
    var manifestKey: String {
        var writer = ByteWriter()
        writer.int(AccessManifest.currentVersion)
        writer.list(entries) { writer, entry in
            writer.string(entry.path)
            writer.value(entry.origin.rule)
            writer.string(entry.origin.source)
        }
        writer.list(addedFilesKeys) { $0.string($1) }
        return SHA256.hex(writer.bytes)
    }
}
