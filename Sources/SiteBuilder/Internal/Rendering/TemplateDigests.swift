/// The digest of each page template together with every partial and parent it includes, directly or
/// through others: the part of a page's cache key that stands for its templates, so that editing
/// `section.mustache` renders the section pages again and leaves the other pages as they are.
/// A template that includes a partial by a dynamic name (`{{>*name}}`) may include any, so its digest
/// covers them all.
struct TemplateDigests: Sendable, Equatable {
    private let digests: [String: String]

    init(sources: [String: String]) {
        let references = sources.mapValues { text in
            TemplateTags.scan(text).filter { $0.sigil == ">" || $0.sigil == "<" }.map(\.name)
        }
        var digests: [String: String] = [:]
        for name in sources.keys {
            var included: Set<String> = []
            var pending = [name]
            while let next = pending.popLast() {
                guard included.insert(next).inserted else { continue }
                for reference in references[next] ?? [] {
                    pending += reference.hasPrefix("*") ? Array(sources.keys) : [reference]
                }
            }
            var input = ""
            for included in included.sorted() {
                let text = sources[included] ?? ""
                input += "\(included.utf8.count):\(included)\(text.utf8.count):\(text)"
            }
            digests[name] = SHA256.hex(input)
        }
        self.digests = digests
    }

    /// The digest of template `name` and what it includes; "" for a name that is no template.
    func digest(of name: String) -> String {
        digests[name] ?? ""
    }
}
