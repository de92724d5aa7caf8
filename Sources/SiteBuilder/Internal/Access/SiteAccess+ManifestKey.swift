import AccessRules

extension SiteAccess {
    /// The digest of what the access manifest is made from: its key in the build cache, so an unchanged
    /// manifest is not encoded again (ten thousand paths take a while through `JSONEncoder`).
    var manifestKey: String {
        var writer = ByteWriter()
        writer.int(AccessManifest.currentVersion)
        writer.list(entries) { writer, entry in
            writer.string(entry.path)
            writer.value(entry.origin.rule)
            writer.string(entry.origin.source)
        }
        return SHA256.hex(writer.bytes)
    }
}
