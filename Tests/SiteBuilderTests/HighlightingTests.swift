import Foundation
import Testing

@testable import SiteBuilder

/// A snippet of one language, with `<` and `&` in it, and one token it must come out as.
struct Sample: Sendable, CustomTestStringConvertible {
    let language: String
    let token: String
    let code: String

    var testDescription: String { language }
}

@Suite("Code highlighting")
struct HighlightingTests {
    /// The languages the theme promises, each with a token its highlighting must contain.
    static let samples: [Sample] = [
        Sample(
            language: "bash", token: #"<span class="hl-cf">if</span>"#,
            code: #"""
                #!/bin/bash
                # Deploy when the build is green
                if [ -f "$HOME/.env" ] && grep -q 'x<y' file; then
                  for f in *.md; do echo "page: ${f%.md}" > /dev/null; done
                fi
                """#),
        Sample(
            language: "c", token: #"<span class="hl-dt">int</span>"#,
            code: #"""
                #include <stdio.h>
                /* Count words */
                int main(int argc, char **argv) {
                    if (argc < 2 && argv[0] != NULL) return 1;
                    printf("%d\n", 42);
                }
                """#),
        Sample(
            language: "cpp", token: #"<span class="hl-kw">template</span>"#,
            code: #"""
                #include <vector>
                // A template
                template <typename T> class Box {
                public:
                    std::vector<T> items;
                    bool empty() const { return items.size() < 1 && true; }
                };
                """#),
        Sample(
            language: "csharp", token: #"<span class="hl-kw">using</span>"#,
            code: #"""
                using System;
                // Greets the reader
                public class Greeter {
                    public static void Main(string[] args) {
                        var list = new List<int> { 1, 2 };
                        if (args.Length > 0 && list.Count < 3) Console.WriteLine("Hello");
                    }
                }
                """#),
        Sample(
            language: "css", token: #"<span class="hl-kw">color</span>"#,
            code: #"""
                /* Links */
                a.button > span:hover {
                  color: #1d5fb8;
                  content: "a & b < c";
                  margin: 0 1.5rem;
                }
                """#),
        Sample(
            language: "diff", token: #"<span class="hl-va">+title = &quot;New&quot;</span>"#,
            code: #"""
                --- a/site.toml
                +++ b/site.toml
                @@ -1,2 +1,2 @@
                -title = "Old & <tired>"
                +title = "New"
                 language = "en"
                """#),
        Sample(
            language: "dockerfile", token: #"<span class="hl-kw">FROM</span>"#,
            code: #"""
                # Build stage
                FROM debian:12 AS build
                RUN test -n "$A" && apt-get update && apt-get install -y swift
                ENV PATH="/opt/swift/bin:$PATH"
                COPY . /src
                CMD ["sh", "-c", "sitegen build < /dev/null"]
                """#),
        Sample(
            language: "go", token: #"<span class="hl-kw">func</span>"#,
            code: #"""
                package main

                import "fmt"

                // main prints a sum
                func main() {
                	x := 3
                	if x < 5 && x > 1 {
                		fmt.Println("small", x)
                	}
                }
                """#),
        Sample(
            language: "html", token: #"<span class="hl-kw">&lt;p&gt;</span>"#,
            code: #"""
                <!DOCTYPE html>
                <!-- A page -->
                <a href="/guide/" class="card">Guide &amp; setup</a>
                <p>Tom &amp; Jerry</p>
                """#),
        Sample(
            language: "ini", token: #"<span class="hl-kw">[server]</span>"#,
            code: #"""
                ; Service settings
                [server]
                host = 127.0.0.1
                port = 8080
                name = a & b <c>
                """#),
        Sample(
            language: "java", token: #"<span class="hl-kw">public</span>"#,
            code: #"""
                import java.util.List;
                /** A greeter */
                public class Greeter {
                    public static void main(String[] args) {
                        List<String> names = List.of("Ann", "Bob");
                        if (args.length < 1 && names.size() > 0) System.out.println("Hello");
                    }
                }
                """#),
        Sample(
            language: "javascript", token: #"<span class="hl-kw">const</span>"#,
            code: #"""
                // Copy the code
                const button = document.querySelector("button.copy");
                async function copy(text) {
                  if (text.length < 1 && !navigator.clipboard) return null;
                  await navigator.clipboard.writeText(`code: ${text}`);
                }
                """#),
        Sample(
            language: "json", token: #"<span class="hl-dt">&quot;title&quot;</span>"#,
            code: #"""
                {
                  "title": "Handbook & <guide>",
                  "pages": 42,
                  "draft": false,
                  "tags": ["a", null]
                }
                """#),
        Sample(
            language: "kotlin", token: #"<span class="hl-kw">fun</span>"#,
            code: #"""
                // A data class
                data class Page(val title: String, val weight: Int = 0)

                fun main() {
                    val pages = listOf(Page("Home"))
                    if (pages.size < 2 && pages.isNotEmpty()) println("One page: ${pages[0].title}")
                }
                """#),
        Sample(
            language: "markdown", token: #"<span class="hl-fn"># Welcome</span>"#,
            code: #"""
                # Welcome

                Some *emphasis* and **strong** text & `code`.

                - [A link](guide/setup.md)
                - 3 < 4
                """#),
        Sample(
            language: "nginx", token: #"<span class="hl-kw">listen</span>"#,
            code: #"""
                # Protect the site
                server {
                    listen 443 ssl;
                    location / {
                        auth_request /.auth/check;
                        root /srv/sitegen/public;
                    }
                }
                # if ($a < 1 && $b) is not nginx, but text in a comment
                """#),
        Sample(
            language: "python", token: #"<span class="hl-kw">def</span>"#,
            code: #"""
                import os

                # Load the pages
                def load(path: str) -> list[str]:
                    """Read every page."""
                    if len(path) < 1 and not os.path.exists(path) & True:
                        return []
                    return [line for line in open(path) if line.strip()]
                """#),
        Sample(
            language: "ruby", token: #"<span class="hl-cf">def</span>"#,
            code: #"""
                # Greets the reader
                class Greeter
                  def initialize(name = "World")
                    @name = name
                  end

                  def greet
                    puts "Hello, #{@name}!" if @name.length < 10 && true
                  end
                end
                """#),
        Sample(
            language: "rust", token: #"<span class="hl-kw">fn</span>"#,
            code: #"""
                use std::collections::HashMap;

                /// Counts words
                fn count(text: &str) -> HashMap<&str, usize> {
                    let mut counts = HashMap::new();
                    for word in text.split_whitespace() {
                        *counts.entry(word).or_insert(0) += 1;
                    }
                    counts
                }
                """#),
        Sample(
            language: "sql", token: #"<span class="hl-kw">SELECT</span>"#,
            code: #"""
                -- Pages by section
                SELECT section, COUNT(*) AS pages
                FROM pages
                WHERE weight < 10 AND title <> 'Draft & old'
                GROUP BY section;
                """#),
        Sample(
            language: "swift", token: #"<span class="hl-kw">struct</span>"#,
            code: #"""
                import Foundation

                /// A page of the site
                struct Page: Sendable {
                    let title: String
                    var weight = 0

                    func isFirst(in pages: [Page]) -> Bool {
                        pages.count < 2 && title == "Home"
                    }
                }
                """#),
        Sample(
            language: "toml", token: #"<span class="hl-dt">title</span>"#,
            code: #"""
                # The site
                title = "Handbook & <guide>"
                language = "en"
                pages = 42

                [access]
                "/finance/" = { roles = ["Finance.Read"] }
                """#),
        Sample(
            language: "typescript", token: #"<span class="hl-kw">interface</span>"#,
            code: #"""
                // A typed page
                interface Page {
                  title: string;
                  weight?: number;
                }
                export function first<T extends Page>(pages: T[]): T | undefined {
                  return pages.length < 1 && true ? undefined : pages[0];
                }
                """#),
        Sample(
            language: "yaml", token: #"<span class="hl-fn">title</span>"#,
            code: #"""
                # Front matter
                title: Setup & <install>
                weight: 10
                draft: false
                tags:
                  - guide
                  - "nginx"
                """#),
    ]

    /// The inside of the first `<pre><code class="language-…">` of a built page.
    private func codeBlock(_ markdown: String) throws -> String {
        let site = try TestSite(pages: ["index.md": markdown])
        try site.build()
        let html = try #require(site.output("index.html"))
        let open = try #require(html.range(of: "<pre><code"))
        let start = try #require(html[open.upperBound...].range(of: ">"))
        let end = try #require(html.range(of: "</code></pre>"))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test("Each listed language gets its tokens, keeps its text, and escapes < and &", arguments: samples)
    func language(_ sample: Sample) throws {
        let html = try codeBlock("```\(sample.language)\n\(sample.code)\n```\n")
        #expect(html.contains(sample.token))
        let text = html.replacing(/<span class="hl-[a-z-]+">|<\/span>/, with: "")
        #expect(!text.contains("<") && !text.contains(">"))
        #expect(text.replacing(/&(lt|gt|amp|quot);/, with: "").contains("&") == false)
        let unescaped = text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
        #expect(unescaped == sample.code + "\n")
    }

    @Test("A highlighted block keeps cmark-gfm's markup around its tokens")
    func exactHTML() throws {
        let site = try TestSite(pages: ["index.md": "Text.\n\n```python\ndef f():\n    return 1 < 2\n```\n"])
        try site.build()
        #expect(
            site.output("index.html") == """
                <p>Text.</p>
                <pre><code class="language-python"><span class="hl-kw">def</span> f():
                    <span class="hl-cf">return</span> <span class="hl-dv">1</span> \
                <span class="hl-op">&lt;</span> <span class="hl-dv">2</span>
                </code></pre>

                """)
    }

    @Test("An SSI directive shown in highlighted code is escaped, so the build accepts it")
    func directiveInCode() throws {
        let html = try codeBlock("```html\n<!--# include virtual=\"/finance/\" -->\n```\n")
        #expect(html == "<span class=\"hl-cm\">&lt;!--# include virtual=&quot;/finance/&quot; --&gt;</span>\n")
    }

    @Test("Unknown languages, plain-text names and blocks without a language stay escaped plain text")
    func plainBlocks() throws {
        for fence in ["```nosuchlanguage", "```text", "```", "~~~console"] {
            let closing = fence.hasPrefix("~") ? "~~~" : "```"
            let site = try TestSite(pages: ["index.md": "\(fence)\na < b && \"c\"\n\(closing)\n"])
            try site.build()
            let language = fence.drop { $0 == "`" || $0 == "~" }
            let open = language.isEmpty ? "<pre><code>" : "<pre><code class=\"language-\(language)\">"
            #expect(site.output("index.html") == "\(open)a &lt; b &amp;&amp; &quot;c&quot;\n</code></pre>\n")
        }
    }

    @Test("Usual abbreviations and any KSyntaxHighlighting language name, in any case, are highlighted")
    func otherNames() throws {
        let pairs = [
            ("py", "python"), ("sh", "bash"), ("yml", "yaml"), ("ts", "typescript"), ("rs", "rust"), ("kt", "kotlin"),
        ]
        for (short, long) in pairs {
            let sample = try #require(Self.samples.first { $0.language == long })
            let full = try codeBlock("```\(long)\n\(sample.code)\n```\n")
            #expect(try codeBlock("```\(short)\n\(sample.code)\n```\n") == full)
        }
        #expect(
            try codeBlock("```Haskell\nmain = putStrLn \"hi\" -- greet\n```\n").contains(
                "<span class=\"hl-cm\">-- greet</span>"))
        #expect(
            try codeBlock("```haskell\nmain = putStrLn \"hi\" -- greet\n```\n").contains(
                "<span class=\"hl-cm\">-- greet</span>"))
        #expect(try codeBlock("```python title=\"x.py\"\nx = 1\n```\n").contains("<span class=\"hl-dv\">1</span>"))
    }

    @Test("Blocks are cached by their language and text; a full cache starts afresh")
    func cache() {
        let cache = HighlightCache(limit: 100)
        let calls = Recorded<String>()
        func html(_ code: String, _ definition: String) -> String? {
            cache.html(for: code, definition: definition) {
                calls.record(definition + ":" + code)
                return code == "unknown" ? nil : "<b>\(code)</b>"
            }
        }
        #expect(html("x", "Python") == "<b>x</b>")
        #expect(html("x", "Python") == "<b>x</b>")
        #expect(html("x", "Ruby") == "<b>x</b>")
        #expect(html("unknown", "Python") == nil)
        #expect(html("unknown", "Python") == nil)
        #expect(calls.all == ["Python:x", "Ruby:x", "Python:unknown"])
        #expect(html(String(repeating: "y", count: 60), "Python") != nil)
        #expect(html("x", "Python") == "<b>x</b>")
        #expect(calls.all.count == 5)
    }
}
