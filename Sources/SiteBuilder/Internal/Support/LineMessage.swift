/// Something a page's file says that a build reports, with the file line it is on: a formula KaTeX refused, a
/// diagram Graphviz could not read, a front matter key sitegen does not read. Kept in the build cache with what
/// it was found in, so a page taken from the cache reports it again.
struct LineMessage: Sendable, Equatable {
    let line: Int
    let message: String
}

extension LineMessage: ByteCodable {
    init(from reader: inout ByteReader) throws(ByteReader.Damaged) {
        self.init(line: try reader.int(), message: try reader.string())
    }

    func write(to writer: inout ByteWriter) {
        writer.int(line)
        writer.string(message)
    }
}
