import Foundation
import Testing

@testable import SiteBuilder

/// Links as Hugo content writes them: its `ref` and `relref` shortcodes as destinations.
@Suite("Hugo's ref links")
struct HugoRefTests {
    @Test("ref and relref lead where Hugo finds the page: beside it, from the top, by its name; with a heading")
    func resolved() throws {
        let site = try TestSite(pages: [
            "index.md": """
            [a]({{< ref "install.md" >}}) [b]({{< relref "/guide" >}}) [c]({{% ref "guide/tuning#fast" %}})
            [d][def] [e]({{<ref `install`>}} "Title") [f]({{< ref path="tuning.md" lang="en" >}})

            [def]: {{< relref "guide/_index.md" >}}
            """,
            "install.md": "# Install\n\n[self]({{< ref \"#install\" >}}) [up]({{< ref \"index.md\" >}})\n",
            "guide/_index.md": "# Guide\n\n[here]({{< ref \"tuning\" >}}) [top]({{< ref \"install\" >}})\n",
            "guide/tuning.md": "# Tuning\n\n## Fast\n",
        ])
        try site.build()
        #expect(
            site.output("index.html") == """
                <p><a href="/install/">a</a> <a href="/guide/">b</a> <a href="/guide/tuning/#fast">c</a>
                <a href="/guide/">d</a> <a href="/install/" title="Title">e</a> <a href="/guide/tuning/">f</a></p>

                """)
        #expect(
            site.output("install/index.html")
                == "<p><a href=\"#install\">self</a> <a href=\"/\">up</a></p>\n")
        // Beside the page first (guide/tuning.md), then from the top (install.md).
        #expect(
            site.output("guide/index.html")
                == "<p><a href=\"/guide/tuning/\">here</a> <a href=\"/install/\">top</a></p>\n"
        )
    }

    @Test("Beside the page comes before the top, and a name alone finds only a page of that name in one place")
    func lookupOrder() throws {
        let site = try TestSite(pages: [
            "index.md": "# Home\n", "setup.md": "# Top setup\n", "guide/setup.md": "# Guide setup\n",
            "guide/page.md": "[s]({{< ref \"setup.md\" >}}) [t]({{< ref \"/setup.md\" >}})\n",
        ])
        try site.build()
        #expect(
            site.output("guide/page/index.html")
                == "<p><a href=\"/guide/setup/\">s</a> <a href=\"/setup/\">t</a></p>\n")

        try site.write(
            ["guide/page.md": "[s]({{< ref \"setup.md\" >}})\n", "other/page.md": "\n[s]({{< ref \"setup\" >}})\n"],
            under: "site")
        try site.remove("site/setup.md")
        try site.build()
        #expect(
            site.output("other/page/index.html") == "<p><a href=\"/guide/setup/\">s</a></p>\n",
            "the one page of that name")
        try site.write(["more/setup.md": "# More setup\n"], under: "site")
        #expect(
            site.buildErrors() == [
                "site/other/page.md:2: link: '{{< ref \"setup\" >}}' names more than one page by its name "
                    + "(guide/setup.md, more/setup.md); write its path, e.g. \"/guide/setup.md\""
            ])
    }

    @Test("A ref to no page is a broken link naming the shortcode; so is one to a missing heading")
    func broken() throws {
        let site = try TestSite(pages: [
            "index.md": "# Home\n\n[a]({{< ref \"gone.md\" >}})\n[b]({{< ref \"guide/tuning.md#slow\" >}})\n",
            "guide/tuning.md": "# Tuning\n",
        ])
        #expect(
            site.buildErrors() == [
                "site/index.md:3: link: '{{< ref \"gone.md\" >}}' names no page: Hugo's ref looks beside the page, then "
                    + "from the top of the site, and neither has gone.md",
                "site/index.md:4: link: '{{< ref \"guide/tuning.md#slow\" >}}': the page has no heading '#slow'",
            ])
    }

    @Test("Only a whole destination is rewritten, line for line; code, text and the escaped form stay as written")
    func rewriting() throws {
        let markdown = """
            [a]({{< ref "a.md" >}}) and {{< ref "b.md" >}} in text
            ```md
            [c]({{< ref "c.md" >}})
            ```
            [d]({{</* ref "d.md" */>}}) [e]({{< figure src="e.png" >}}) [f]( {{% relref f %}} )
            [g]({{< ref "with <angle>.md" >}}) [h]({{< ref
            `[i]({{< ref "i.md" >}})` ``[j]({{< ref "j.md" >}})`` ``[k]({{< ref "k.md" >}})` [l]({{< ref "l.md" >}})
            """
        let rewritten = try #require(HugoShortcodes.rewrite(markdown))
        #expect(
            rewritten == """
                [a](<sitegen-hugo-ref:a.md>) and {{< ref "b.md" >}} in text
                ```md
                [c]({{< ref "c.md" >}})
                ```
                [d]({{</* ref "d.md" */>}}) [e]({{< figure src="e.png" >}}) [f]( <sitegen-hugo-ref:f> )
                [g]({{< ref "with <angle>.md" >}}) [h]({{< ref
                `[i]({{< ref "i.md" >}})` ``[j]({{< ref "j.md" >}})`` ``[k](<sitegen-hugo-ref:k.md>)` [l](<sitegen-hugo-ref:l.md>)
                """)
        // No shortcode spans a line end, a CRLF or a lone carriage return (found by fuzz-front-matter).
        #expect(
            HugoShortcodes.rewrite("[a]({{< ref \"a.md\" >}})\r\n[b]({{< ref \"b.md\" >\r\n}})\r\n")
                == "[a](<sitegen-hugo-ref:a.md>)\r\n[b]({{< ref \"b.md\" >\r\n}})\r\n")
        #expect(
            HugoShortcodes.rewrite("[a]({{< ref \"a.md\" >\r}}) [b]({{< ref \"b.md\" >}})\n")
                == "[a]({{< ref \"a.md\" >\r}}) [b](<sitegen-hugo-ref:b.md>)\n")
        // The marks of `{{%}}` are no shortcode's opening and closing both (it crashed the build; found by
        // fuzz-front-matter).
        #expect(
            HugoShortcodes.rewrite("[a]({{%}}) [b]({{<>}}) [c]({{% ref \"c.md\" %}})\n")
                == "[a]({{%}}) [b]({{<>}}) [c](<sitegen-hugo-ref:c.md>)\n")
        #expect(HugoShortcodes.rewrite("No shortcodes [here](a.md).\n") == nil)
        #expect(
            HugoShortcodes.rewrite("Code:\n\n    [a]({{< ref \"a.md\" >}})\n    {{< figure src=\"a.png\" >}}\n") == nil)
        #expect(HugoShortcodes.rewrite("{{< youtube id >}}\n") == nil)
        #expect(HugoRefs.asWritten("sitegen-hugo-ref:a.md#x") == "{{< ref \"a.md#x\" >}}")
        #expect(HugoRefs.asWritten("a.md") == "a.md")
    }
}
