import Testing

@testable import SiteBuilder

/// Code inside the blocks that hold it — quotes and alerts, list items, admonitions — stays as written by the passes
/// that rewrite Markdown before parsing (comments, wiki links, block ids), and what follows it is read again.
@Suite("Code in quotes, lists and admonitions")
struct CodeInContainersTests {
    @Test("Which lines are code: fences after quote markers, in list items and admonitions, and where they end")
    func lines() {
        func code(_ markdown: String) -> [Bool] {
            var lines = CodeLines()
            return markdown.split(separator: "\n", omittingEmptySubsequences: false).map { lines.isCode(String($0)) }
        }
        #expect(code("> ```bash\n> %% x\n> ```\n%% y") == [true, true, true, false])
        #expect(code("> > ```\n> > a\n> b\nc") == [true, true, false, false], "the fence ends with its quote")
        #expect(code("!!! note\n    ```mermaid\n    %% a\n    ```\n\n%% b") == [false, true, true, true, false, false])
        #expect(
            code("1. Check:\n\n    ```bash\n    [[ -f x ]]\n    ```\nText") == [false, false, true, true, true, false])
        #expect(code("- a\n\n    ```\n    b\nNext") == [false, false, true, true, false], "the list item ended")
        #expect(code("Para\n\n    ```\n    x\n\nText") == [false, false, true, true, true, false], "indented code")
        #expect(code("```\n    ```\nstill code\n```\nText") == [true, true, true, true, false])
    }

    @Test("Display math over lines stops at a fence: a later $$ in code closes nothing")
    func mathStopsAtAFence() {
        #expect(MathSpans.extract("Cost $$\n```\nx $$\n```") == nil)
        #expect(MathSpans.extract("> Cost $$\n> ~~~\n> x $$\n> ~~~") == nil)
        #expect(MathSpans.extract("$$\na^2\n$$")?.spans.map(\.tex) == ["a^2"])
    }

    @Test("Obsidian comments, wiki links and block ids are no such thing in code inside a block")
    func pages() throws {
        let site = try TestSite(pages: [
            "index.md": """
            !!! note "The flow"
                ```mermaid
                graph TD
                %% the entry point
                A-->B
                ```

            ## Next section

            IMPORTANT-TEXT

            1. Check:

                ```text
                if [[ -f /etc/app.conf ]]; then echo ok; fi
                ```

            > [!TIP]
            > ```text
            > printf "100%%"; [[ -n $x ]] && echo ^done
            > ```

            > ```text
            > echo $$ > app.pid
            > kill $$ 2>/dev/null
            > ```

            2. Makefile:

                ```text
                \t@echo $$HOME
                \t@echo $$PATH
                ```

            AFTER-TEXT %%hidden%%

            """
        ])
        try site.build()
        let page = try #require(site.output("index.html"))
        #expect(page.contains("%% the entry point\nA--&gt;B"), "\(page)")
        #expect(page.contains("IMPORTANT-TEXT") && page.contains("Next section"))
        #expect(page.contains("[[ -f /etc/app.conf ]]") && !page.contains("sitegen-wiki"), "\(page)")
        #expect(page.contains("printf &quot;100%%&quot;; [[ -n $x ]] &amp;&amp; echo ^done"), "\(page)")
        #expect(page.contains("echo $$ &gt; app.pid\nkill $$ 2&gt;/dev/null\n"), "\(page)")
        #expect(page.contains("\t@echo $$HOME\n\t@echo $$PATH\n"), "\(page)")
        #expect(page.contains("AFTER-TEXT") && !page.contains("hidden"))
    }
}
