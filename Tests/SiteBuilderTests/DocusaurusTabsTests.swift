import Testing

@testable import SiteBuilder

/// Docusaurus's `<Tabs>` and `<TabItem>`, as its Markdown pages write them.
@Suite("Docusaurus tabs")
struct DocusaurusTabsTests {
    @Test("Tabs are content tabs, line for line: the imports and <Tabs> lines empty, each item's content a level in")
    func rewritten() {
        let markdown = """
            import Tabs from '@theme/Tabs';
            import TabItem from "@theme/TabItem";
            import Thing from '../thing';

            <Tabs groupId="os">
              <TabItem value="mac" label='The "Mac"' default>
                Run it.

                    indented code
              </TabItem>
              <TabItem value="debian">
              apt
              </TabItem>
            </Tabs>
            """
        #expect(
            DocusaurusTabs.rewrite(markdown) == """


                import Thing from '../thing';


                === "The &quot;Mac&quot;"
                    Run it.

                        indented code

                === "debian"
                    apt


                """)
    }

    @Test("What is no tab stays as written: in code, outside an item or <Tabs>, unclosed, a tag not alone, a lone \\r")
    func leftAlone() {
        for markdown in [
            "```\n<Tabs>\n<TabItem value=\"a\">\nx\n</TabItem>\n</Tabs>\n```\n",
            "<TabItem value=\"a\">\nx\n</TabItem>\n",
            "<Tabs>\n<TabItem value=\"a\">\nx\n",
            "<Tabs>\n<TabItem value=\"a\">\nx\n</TabItem>\n",
            "<Tabs>\n<TabItem value=\"a\">x</TabItem>\n</Tabs>\n",
            "<Tabs>\n<TabItem>\nx\n</TabItem>\n</Tabs>\n",
            "<Tabs>\n<TabItem value=\"a\">\r\nx\n</TabItem>\n</Tabs>\n",
            "Code:\n\n    <Tabs>\n    <TabItem value=\"a\">\n    x\n    </TabItem>\n    </Tabs>\n",
        ] {
            let rewritten = DocusaurusTabs.rewrite(markdown)
            #expect(rewritten == nil || !rewritten!.contains("==="), "\(markdown.debugDescription)")
        }
    }

    @Test("Tabs inside a tab are content tabs inside it, a level further in; the tab after them is the outer one's")
    func nested() throws {
        let site = try TestSite(pages: [
            "index.md": """
            <Tabs>
            <TabItem value="linux" label="Linux">

            Outer.

              <Tabs groupId="lang">
                <TabItem value="py" label="Python">
                  Inner [setup](setup.md).
                </TabItem>
                <TabItem value="go" label="Go">

                Go *too*.

                </TabItem>
              </Tabs>

            </TabItem>
            <TabItem value="mac" label="macOS">
            Mac.
            </TabItem>
            </Tabs>
            """,
            "setup.md": "# Setup\n",
        ])
        try site.build()
        let html = try #require(site.output("index.html"))
        #expect(
            html == """
                <div class="content-tab">
                <p class="content-tab-title">Linux</p>
                <p>Outer.</p>
                <div class="content-tab">
                <p class="content-tab-title">Python</p>
                <p>Inner <a href="/setup/">setup</a>.</p>
                </div>
                <div class="content-tab">
                <p class="content-tab-title">Go</p>
                <p>Go <em>too</em>.</p>
                </div>
                </div>
                <div class="content-tab">
                <p class="content-tab-title">macOS</p>
                <p>Mac.</p>
                </div>

                """, "\(html)")
    }

    @Test("Inside tabs, indented lines are content, as in MDX, and a fence however indented is code")
    func mdxCode() {
        let markdown = """
            <Tabs>
              <TabItem value="a" label="A">

                Text.

                ```
                </TabItem>
                ```

              </TabItem>
            </Tabs>
            """
        #expect(
            DocusaurusTabs.rewrite(markdown)
                == "\n=== \"A\"\n\n    Text.\n\n    ```\n    </TabItem>\n    ```\n\n\n")
    }

    @Test("A page's tabs render as the theme's content tabs, their links resolved")
    func rendered() throws {
        let site = try TestSite(pages: [
            "index.md": """
            import Tabs from '@theme/Tabs';

            <Tabs>
              <TabItem value="a" label="First">
                See [setup](setup.md).
              </TabItem>
            </Tabs>
            """,
            "setup.md": "# Setup\n",
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <div class="content-tab">
                <p class="content-tab-title">First</p>
                <p>See <a href="/setup/">setup</a>.</p>
                </div>

                """)
    }
}
