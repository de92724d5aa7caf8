import Testing

@testable import SiteBuilder

/// Keys to press, `++ctrl+c++`, as MkDocs Material writes them.
@Suite("Keys")
struct KeysTests {
    @Test("A list of keys is each key as a keyboard shows it, or as quoted, in <kbd> inside <kbd>")
    func keys() {
        #expect(
            MarkdownDocument.html("Press ++ctrl+alt+del++ or ++cmd+k++, then ++\"My Key\"+f5++ and ++arrow-up++.")
                == "<p>Press <kbd class=\"keys\"><kbd>Ctrl</kbd>+<kbd>Alt</kbd>+<kbd>Del</kbd></kbd> or "
                + "<kbd class=\"keys\"><kbd>Cmd</kbd>+<kbd>K</kbd></kbd>, then "
                + "<kbd class=\"keys\"><kbd>My Key</kbd>+<kbd>F5</kbd></kbd> and <kbd class=\"keys\"><kbd>↑</kbd></kbd>.</p>\n"
        )
        #expect(
            MarkdownDocument.html("| a |\n|---|\n| ++page-down++ |\n")
                == "<table>\n<thead>\n<tr>\n<th>a</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n"
                + "<td><kbd class=\"keys\"><kbd>Page Down</kbd></kbd></td>\n</tr>\n</tbody>\n</table>\n")
        #expect(MarkdownDocument.html("++\"a & b\"++") == "<p><kbd class=\"keys\"><kbd>a &amp; b</kbd></kbd></p>\n")
    }

    @Test("What is no list of keys stays as written: C++, code, an address, a name with spaces, an empty one")
    func notKeys() {
        for text in [
            "C++ and C++", "`++ctrl++`", "<https://example.com/++a++>", "++two words++", "++ctrl + alt++", "++\"\"++",
            "i++j", "++-x++", "++ctrl+", "++ctrl+\"open++",
        ] {
            #expect(!MarkdownDocument.html(text).contains("<kbd"), "\(text)")
        }
    }
}
