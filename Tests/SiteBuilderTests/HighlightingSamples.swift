import Testing

/// A snippet of one language, with `<` and `&` in it, and one token it must come out as.
struct Sample: Sendable, CustomTestStringConvertible {
    let language: String
    let token: String
    let code: String

    var testDescription: String { language }
}

extension HighlightingTests {
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
}
