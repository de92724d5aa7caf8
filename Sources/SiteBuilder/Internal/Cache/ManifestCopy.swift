import AccessRules

/// The access manifest the last build published, kept in the build cache (`<output name>.access`) with the
/// stamp of the file it was published as. Before pages change, a build reads the rules in force to publish the
/// stricter ones first (`InterimManifest`); while the live manifest still has that stamp, it reads them from
/// here rather than decoding the JSON, which took `JSONDecoder` about 2 µs a path, most of a one-page rebuild's
/// "Publish" on a site of 20,000 pages.
enum ManifestCopy {
    private static let header = Array("sitegen-access 1\n".utf8)

    /// `manifest`, published as a file with `stamp`, as the build cache keeps it.
    static func bytes(of manifest: AccessManifest, published stamp: FileStamp) -> [UInt8] {
        var writer = ByteWriter()
        writer.string(BuildCache.generator)
        writer.int(stamp.size)
        writer.int(stamp.modified)
        writer.int(manifest.version)
        writer.list(manifest.rules) { $0.value($1) }
        writer.list(manifest.sources) { $0.string($1) }
        writer.list(manifest.paths) { writer, path in
            writer.string(path.key)
            writer.int(path.value.rule)
            writer.int(path.value.source)
        }
        return header + writer.bytes
    }

    /// The manifest in `bytes`, when it was published as a file with `stamp` by this version of sitegen, and
    /// every path names a rule and a source it has; nil otherwise.
    static func manifest(from bytes: [UInt8], published stamp: FileStamp) -> AccessManifest? {
        guard bytes.starts(with: header) else { return nil }
        var reader = ByteReader(bytes: bytes, from: header.count)
        do throws(ByteReader.Damaged) {
            guard try reader.string() == BuildCache.generator,
                FileStamp(size: try reader.int(), modified: try reader.int()) == stamp,
                try reader.int() == AccessManifest.currentVersion
            else { return nil }
            let rules = try reader.list { reader throws(ByteReader.Damaged) in try reader.value(AccessRule.self) }
            let sources = try reader.list { reader throws(ByteReader.Damaged) in try reader.string() }
            let entries = try reader.list { reader throws(ByteReader.Damaged) in
                (try reader.string(), AccessManifest.Entry(rule: try reader.int(), source: try reader.int()))
            }
            guard reader.isAtEnd,
                entries.allSatisfy({ rules.indices.contains($0.1.rule) && sources.indices.contains($0.1.source) })
            else { return nil }
            return AccessManifest(
                rules: rules, sources: sources, paths: Dictionary(entries) { first, _ in first })
        } catch {
            return nil
        }
    }
}
