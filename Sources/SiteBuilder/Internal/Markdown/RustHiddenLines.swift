/// The hidden lines of Rust code blocks, as rustdoc and mdBook read them: a line that is `#` alone or opens with `# `,
/// after any indentation, is set-up the example needs to compile (`# fn main() {`), left out of what the page shows;
/// a line opening with `##` shows with one `#` fewer. `#[derive(Debug)]` and `#![allow(unused)]` show as written.
enum RustHiddenLines {
    /// `code` as a reader sees it; nil when it hides no line and shows every line as written.
    static func shown(_ code: String) -> String? {
        guard code.containsBytes("#") else { return nil }
        var changed = false
        var shown: [Substring] = []
        for line in code.linesAtLineFeeds {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed == "#" || trimmed.hasPrefix("# ") {
                changed = true
            } else if trimmed.hasPrefix("##") {
                changed = true
                shown.append(Substring(line[..<trimmed.startIndex] + trimmed.dropFirst()))
            } else {
                shown.append(line)
            }
        }
        return changed ? shown.joined(separator: "\n") : nil
    }
}
