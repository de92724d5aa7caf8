import Testing

@testable import SiteBuilder

/// The Liquid tags Jekyll pages use in their Markdown: highlight, link and raw.
@Suite("Jekyll's Liquid tags")
struct LiquidTagTests {
    @Test("A highlight block is a fenced block of its language, its marked lines highlighted, raw tags left out")
    func highlight() {
        let markdown = """
            {% highlight ruby linenos mark_lines="2" %}
            def greet
              "{% raw %}{{ name }}{% endraw %}" # ``` and `
            end
            {% endhighlight %}

            - In a list:

              {%- highlight go -%}
              go run .
              {%- endhighlight -%}
            """
        #expect(
            LiquidTags.rewrite(markdown) == """
                ````ruby hl_lines="2"
                def greet
                  "{{ name }}" # ``` and `
                end
                ````

                - In a list:

                  ```go
                  go run .
                  ```
                """)
        let html = MarkdownDocument.html(markdown)
        #expect(html.contains("greet\n<span class=\"hl-line\">"), "\(html)")
        #expect(html.contains("{{ name }}") && !html.contains("raw"), "\(html)")
    }

    @Test("A link tag is the site-absolute path, so the link leads to the page and is checked; raw tags in text go")
    func link() throws {
        let site = try TestSite(pages: [
            "index.md": """
            [Setup]({% link guide/setup.md %}) and [again]({%- link /guide/setup.md -%}#setup).

            {% raw %}Shown as {{ written }}.{% endraw %} Code keeps `{% raw %}` and `{% link x.md %}`.

            [Gone]({% link gone.md %})
            """,
            "guide/setup.md": "# Setup\n",
        ])
        let errors = site.buildErrors()
        #expect(
            errors.count == 1 && errors[0].contains("site/index.md:5") && errors[0].contains("gone.md"), "\(errors)")
        try site.write(
            ["index.md": "[Setup]({% link guide/setup.md %})\n\n{% raw %}{{ x }}{% endraw %} `{% raw %}`\n"],
            under: "site")
        try site.build()
        #expect(
            site.output("index.html")
                == "<p><a href=\"/guide/setup/\">Setup</a></p>\n<p>{{ x }} <code>{% raw %}</code></p>\n")
    }

    @Test("Other tags, one over lines, a highlight never closed, and tags in code stay as written")
    func leftAlone() {
        for markdown in [
            "{% include note.html %}\n", "{% post_url 2024-01-01-news %}\n", "{% highlight ruby %}\nnever closed\n",
            "```\n{% highlight ruby %}\nx\n{% endhighlight %}\n```\n", "    {% link a.md %}\n", "{% link\na.md %}\n",
            "{% link {{ page.x }} %}\n", "{% highlight ruby %}\nx\r\n{% endhighlight %}\n",
            "text {% highlight ruby %}\nx\n{% endhighlight %}\n",
        ] {
            let rewritten = LiquidTags.rewrite(markdown)
            #expect(rewritten == nil || rewritten!.contains("{%"), "\(markdown.debugDescription)")
            #expect(!(rewritten ?? "").contains("```ruby"), "\(markdown.debugDescription)")
        }
    }
}
