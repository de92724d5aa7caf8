import Foundation
import Testing

@testable import SiteBuilder

/// Hugo's block shortcodes as Hugo content writes them: `figure` and `highlight`.
@Suite("Hugo's figure and highlight")
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
}
