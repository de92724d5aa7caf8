import Foundation

/// The page files (`p/N.json`) the last build published in a part's folder, read back for their text, so a
/// re-indexed part need not render again the HTML of pages the build cache vouched for.
enum EarlierSearchPages {
    /// A page file the last build published: its path, its number in its shard and its text.
    struct Page: Sendable {
        let path: String
        let number: Int
        let text: SearchText
    }

    /// The page file of each of `urls`, by URL, among those the last build published in `folder`: where the
    /// cached words say which file a URL's is, that one; otherwise every page file there. Empty when it
    /// published none there or they cannot be read.
    static func read(
        in folder: String, of urls: [String], words: SearchPartWords?, output: OutputFolder
    ) -> [String: Page] {
        guard !urls.isEmpty else { return [:] }
        let numbers: [Int]
        if let words {
            let byURL = Dictionary(words.pages.indices.map { (words.pages[$0].url, $0) }) { first, _ in first }
            numbers = urls.compactMap { byURL[$0] }
        } else {
            numbers = output.previous.keys.compactMap { pageNumber(of: $0, in: folder) }
        }
        let outputFolder = output.path
        let read = concurrentMap(numbers) { number -> (String, Page)? in
            let path = folder + "p/\(number).json"
            guard let data = FileManager.default.contents(atPath: DisplayPaths.join(outputFolder, path)),
                let page = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let url = page["url"] as? String, let sections = page["sections"] as? [[String]],
                sections.allSatisfy({ $0.count == 3 })
            else { return nil }
            let text = SearchText(sections: sections.map { .init(anchor: $0[0], heading: $0[1], text: $0[2]) })
            return (url, Page(path: path, number: number, text: text))
        }
        return Dictionary(read.compactMap { $0 }) { first, _ in first }
    }

    /// The number of the page whose file `path` is (`FOLDER/p/N.json`), nil for any other file.
    static func pageNumber(of path: String, in folder: String) -> Int? {
        guard path.hasPrefix(folder) else { return nil }
        let name = path.dropFirst(folder.count)
        guard name.hasPrefix("p/"), name.hasSuffix(".json") else { return nil }
        return Int(name.dropFirst("p/".count).dropLast(".json".count))
    }
}
