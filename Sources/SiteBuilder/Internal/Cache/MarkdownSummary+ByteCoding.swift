extension MarkdownSummary: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        self.init()
        title = try reader.optional { reader throws(ByteReader.Damaged) in try reader.string() }
        titleID = try reader.optional { reader throws(ByteReader.Damaged) in try reader.string() }
        anchors.ids = Set(try reader.list { reader throws(ByteReader.Damaged) in try reader.string() })
        let mkdocsIDs = try reader.list { reader throws(ByteReader.Damaged) in
            (try reader.string(), try reader.string())
        }
        anchors.mkdocsIDs = Dictionary(mkdocsIDs, uniquingKeysWith: { $1 })
        toc = try reader.list { reader throws(ByteReader.Damaged) in try reader.value(TocEntry.self) }
        wordCount = try reader.int()
        links = try reader.list { reader throws(ByteReader.Damaged) in
            ResolvedLink(
                destination: try reader.string(), line: try reader.int(),
                resolution: try reader.value(LinkResolver.Resolution.self),
                heading: try reader.optional { reader throws(ByteReader.Damaged) in try reader.string() })
        }
        contentDigest = try reader.digest()
        contentIsEmpty = try reader.bool()
        hasMermaid = try reader.bool()
        warnings = try reader.list { reader throws(ByteReader.Damaged) in try reader.value(LineMessage.self) }
        let includes = try reader.list { reader throws(ByteReader.Damaged) in
            (try reader.string(), try reader.string())
        }
        self.includes = Dictionary(includes, uniquingKeysWith: { $1 })
    }

    func write(to writer: inout ByteWriter) {
        writer.optional(title) { $0.string($1) }
        writer.optional(titleID) { $0.string($1) }
        writer.list(anchors.ids.sorted()) { $0.string($1) }
        writer.list(anchors.mkdocsIDs.sorted { $0.key < $1.key }) { writer, pair in
            writer.string(pair.key)
            writer.string(pair.value)
        }
        writer.list(toc) { $0.value($1) }
        writer.int(wordCount)
        writer.list(links) { writer, link in
            writer.string(link.destination)
            writer.int(link.line)
            writer.value(link.resolution)
            writer.optional(link.heading) { $0.string($1) }
        }
        writer.digest(contentDigest)
        writer.bool(contentIsEmpty)
        writer.bool(hasMermaid)
        writer.list(warnings) { $0.value($1) }
        writer.list(includes.sorted { $0.key < $1.key }) { writer, pair in
            writer.string(pair.key)
            writer.string(pair.value)
        }
    }
}

extension TocEntry: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        self.init(
            id: try reader.string(), title: try reader.string(),
            children: try reader.list { reader throws(ByteReader.Damaged) in try reader.value(TocEntry.self) })
    }

    func write(to writer: inout ByteWriter) {
        writer.string(id)
        writer.string(title)
        writer.list(children) { $0.value($1) }
    }
}

extension LinkResolver.Resolution: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        switch try reader.tag() {
        case 0: self = .unchanged
        case 1:
            let url = try reader.string()
            let anchor = try reader.optional { reader throws(ByteReader.Damaged) in
                LinkCheck.Kind.anchor(target: try reader.string(), id: try reader.string())
            }
            self = .rewritten(url, anchor: anchor)
        case 2: self = .broken(try reader.string())
        case 3: self = .leavesSite(try reader.string())
        default: throw ByteReader.Damaged()
        }
    }

    func write(to writer: inout ByteWriter) {
        switch self {
        case .unchanged:
            writer.tag(0)
        case .rewritten(let url, let anchor):
            writer.tag(1)
            writer.string(url)
            if case .anchor(let target, let id)? = anchor {
                writer.bool(true)
                writer.string(target)
                writer.string(id)
            } else {
                writer.bool(false)
            }
        case .broken(let message):
            writer.tag(2)
            writer.string(message)
        case .leavesSite(let message):
            writer.tag(3)
            writer.string(message)
        }
    }
}
