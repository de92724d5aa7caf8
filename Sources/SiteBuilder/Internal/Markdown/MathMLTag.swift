/// One tag of KaTeX's MathML as `HTMLTags` reads it, to be written again after `MathMLForBrowsers` changes it: its
/// name, whether it ends an element, its attributes in order (a bare one without a value), and whether it closes
/// itself. Values are kept as written, character references and all.
struct MathMLTag {
    var name: String
    var isEnd = false
    var attributes: [(name: String, value: String?)] = []
    var closesItself = false

    /// The value of attribute `name`; nil when the tag has none, or it has no value.
    func value(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value ?? nil
    }

    mutating func remove(_ names: String...) {
        attributes.removeAll { names.contains($0.name) }
    }

    /// Adds `classes` (none when empty) to the tag's `class`.
    mutating func add(classes: [String]) {
        guard !classes.isEmpty else { return }
        let joined = ((value("class").map { [$0] } ?? []) + classes).joined(separator: " ")
        remove("class")
        attributes.insert(("class", joined), at: 0)
    }

    /// The tag as HTML writes it: `<mo fence="true">`, `</mo>`.
    var written: String {
        guard !isEnd else { return "</\(name)>" }
        let written = attributes.map { name, value in value.map { " \(name)=\"\($0)\"" } ?? " \(name)" }
        return "<\(name)\(written.joined())\(closesItself ? "/>" : ">")"
    }

    /// The tags of `mathml`, each with the text before it, read with `HTMLTags`; then the text after the last.
    static func read(_ mathml: String, _ visit: (_ textBefore: String, _ tag: MathMLTag) -> Void) -> String {
        let bytes = Array(mathml.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let text = { (range: Range<Int>) in String(decoding: buffer[range], as: UTF8.self) }
            var textStart = 0
            var index = 0
            while let open = buffer[index...].firstIndex(of: UInt8(ascii: "<")) {
                var attributes: [(name: String, value: String?)] = []
                let found = HTMLTags.tag(in: buffer, at: open) { _, name, value in
                    attributes.append((text(name), text(value)))
                } bareAttribute: { name in
                    attributes.append((text(name), nil))
                }
                // Text, a comment or a tag that never closes is read as text.
                guard let found, found.kind != .other, buffer[found.end - 1] == UInt8(ascii: ">") else {
                    index = open + 1
                    continue
                }
                let tag = MathMLTag(
                    name: text(found.name), isEnd: found.kind == .end, attributes: attributes,
                    closesItself: buffer[found.end - 2] == UInt8(ascii: "/"))
                visit(text(textStart..<open), tag)
                (textStart, index) = (found.end, found.end)
            }
            return text(textStart..<buffer.count)
        }
    }
}
