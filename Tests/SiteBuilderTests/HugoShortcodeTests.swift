import Foundation
import Testing

@testable import SiteBuilder

/// Hugo's block shortcodes as Hugo content writes them: `figure`, `highlight`, and the callouts and tabs of Hugo's
/// docs themes.
@Suite("Hugo's figure, highlight, callouts and tabs")
struct HugoShortcodeTests {
    @Test("A figure is the <figure> Hugo writes: image, link, title and Markdown caption; its image is found")
    func figures() throws {
        let site = try TestSite(pages: [
            "index.md": """
            {{< figure src="flow.png" alt="The <flow>" title="Flow" caption="Requests, *signed in*" link="https://example.com" width="300" class="wide" >}}

            1. Item

               {{% figure src="flow.png" caption="Plain `code`" %}}

            {{< figure alt="no source" >}}

            ```md
            {{< figure src="in-code.png" >}}
            ```
            """,
            "flow.png": "PNG",
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <figure class="wide"><a href="https://example.com"><img src="/flow.png" alt="The &lt;flow&gt;" \
                width="300"></a><figcaption><h4>Flow</h4><p>Requests, <em>signed in</em></p></figcaption></figure>
                <ol>
                <li>
                <p>Item</p>
                <figure><img src="/flow.png" alt="Plain code"><figcaption><p>Plain <code>code</code></p></figcaption></figure>
                </li>
                </ol>
                <p>{{&lt; figure alt=&quot;no source&quot; &gt;}}</p>
                <pre><code class="language-md">{{&lt; figure src=&quot;in-code.png&quot; &gt;}}
                </code></pre>

                """)
        try site.write(["index.md": "{{< figure src=\"gone.png\" >}}\n"], under: "site")
        let errors = site.buildErrors()
        #expect(errors.count == 1 && errors.first?.hasPrefix("site/index.md:1: ") == true, "\(errors)")
    }

    @Test("A highlight block is fenced code with its lines to highlight, on the lines it was written on")
    func highlightBlocks() throws {
        let markdown = """
            {{< highlight go "linenos=table,hl_lines=2 4-5,linenostart=10" >}}
            a
            ``` b
            {{< /highlight >}}
              {{< highlight text >}}
              c
              {{< /highlight >}}
            {{< highlight python >}}
            never closed
            {{< youtube abc >}}
            """
        #expect(
            HugoShortcodes.rewrite(markdown) == """
                ````go hl_lines="2 4-5"
                a
                ``` b
                ````
                  ```text
                  c
                  ```
                {{< highlight python >}}
                never closed
                {{< youtube abc >}}
                """)
        #expect(HugoShortcodes.rewrite("{{< youtube abc >}}\n") == nil && HugoShortcodes.rewrite("plain\n") == nil)
        // A lone carriage return is a line end to cmark: a figure holding one is two lines, neither a figure (found
        // by fuzz-front-matter).
        #expect(HugoShortcodes.rewrite("{{< figure src=\"a.png\" caption=\"a\rb\" >}}\n") == nil)
        // A file with CRLF line ends reaches the rewrite with \n ones (`PageText`).
        let crlf = try TestSite(pages: [
            "index.md": "{{< highlight go >}}\r\nx\r\n{{< /highlight >}}\r\n{{< figure src=\"a.png\" >}}\r\n",
            "a.png": "PNG",
        ])
        try crlf.build()
        #expect(
            crlf.output("index.html")
                == "<pre><code class=\"language-go\">x\n</code></pre>\n<figure><img src=\"/a.png\" alt=\"\"></figure>\n",
            "a file with CRLF line ends")
        let site = try TestSite(pages: [
            "index.md": "{{< highlight python \"hl_lines=1\" >}}\nx = 1\n{{< /highlight >}}\n"
        ])
        try site.build()
        #expect(
            site.output("index.html") == "<pre><code class=\"language-python\"><span class=\"hl-line\">x "
                + "<span class=\"hl-op\">=</span> <span class=\"hl-dv\">1</span>\n</span></code></pre>\n")
    }

    @Test("Hugo Book's hints, Docsy's alerts, details and tabs are admonitions and tabs, line for line, nested too")
    func calloutsAndTabs() {
        let markdown = """
            {{< hint warning >}}
            **Mind** it.
            {{< /hint >}}
            {{% alert title=`Say "hi"` color="success" %}}
            ```
            {{< hint info >}}
            ```
            {{% /alert %}}
            - Item
              {{< details summary="More" open=true >}}
              Inside.
              {{< hint >}}
              Nested.
              {{< /hint >}}
              {{< /details >}}
            {{< tabs "os" >}}
            {{< tab "macOS" >}}
            brew
            {{< /tab >}}
            {{< /tabs >}}
            {{< hint danger >}}
            never closed
            """
        #expect(
            HugoShortcodes.rewrite(markdown) == """
                !!! warning ""
                    **Mind** it.

                !!! tip "Say &quot;hi&quot;"
                    ```
                    {{< hint info >}}
                    ```

                - Item
                  ???+ note "More"
                      Inside.
                      !!! note ""
                          Nested.



                === "macOS"
                    brew


                {{< hint danger >}}
                never closed
                """)
    }

    @Test("A hint, an alert, details and tabs render as the callouts and tabs they stand for")
    func calloutsRendered() throws {
        let site = try TestSite(pages: [
            "index.md": """
            {{< hint danger >}}
            Stop [here](stop.md).
            {{< /hint >}}

            {{< details "Why" >}}
            Because.
            {{< /details >}}

            {{< tabpane >}}
            {{% tab header="Linux" %}}
            apt
            {{% /tab %}}
            {{< /tabpane >}}
            """,
            "stop.md": "# Stop\n",
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <div class="callout callout-caution" role="note">
                <p>Stop <a href="/stop/">here</a>.</p>
                </div>
                <details class="callout callout-note">
                <summary class="callout-title">Why</summary>
                <p>Because.</p>
                </details>
                <div class="content-tab">
                <p class="content-tab-title">Linux</p>
                <p>apt</p>
                </div>

                """)
    }
}
