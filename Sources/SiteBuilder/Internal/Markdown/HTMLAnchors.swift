import Foundation

/// Finds `id="…"` and `name="…"` attributes in raw HTML that authors wrote into Markdown,
/// so a link to `#my-anchor` defined that way is not reported as broken.
enum HTMLAnchors {
    static func find(in html: String) -> [String] {
        var anchors: [String] = []
        for attribute in [" id=", " name="] {
            var rest = Substring(html)
            while let range = rest.range(of: attribute) {
                rest = rest[range.upperBound...]
                guard let quote = rest.first, quote == "\"" || quote == "'" else { continue }
                let value = rest.dropFirst().prefix { $0 != quote }
                anchors.append(String(value))
                rest = rest.dropFirst(value.count + 1)
            }
        }
        return anchors
    }
}
