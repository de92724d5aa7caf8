import AccessRules
import Foundation
import Testing

@testable import SiteBuilder

@Suite("Partials rendered once and pasted")
struct PartialReuseTests {
    /// Three levels, so pages show collapsed entries, entries of their sections and their own; pages
    /// of one section share their nav but for their own entry. `a/one.md` is public in a restricted
    /// section: its entry's `access_rule` is empty, and must not take the section's.
    private static let pages = [
        "index.md": "# Home\n\n## Start\n\n## Next\n",
        "a/index.md": "---\naccess: { roles: [Staff] }\n---\n# A\n",
        "a/one.md": "---\naccess: public\n---\n# One\n\n## First\n\n### Detail\n\n## Second\n",
        "a/b/index.md": "---\ntitle: B & co\n---\n",
        "a/b/two.md": "# Two\n",
        "a/b/three.md": "# Three\n\n## Only\n\n## Other\n",
        "c/four.md": "# Four\n",
        "d.md": "# D\n",
    ]

    /// Reads every nav entry field and card field of the theme contract, and includes the toc twice.
    private static let theme = TestSite.contentOnlyTemplates.merging([
        "section.mustache": """
        {{<layout}}{{$content}}{{{page.content_html}}}<ul>{{#section_pages}}{{> card}}{{/section_pages}}</ul>\
        {{/content}}{{/layout}}
        """,
        "partials/card.mustache": """
        {{#access_condition}}<!--# if expr="{{access_condition}}" -->{{/access_condition}}<li{{#is_section}} class="s"\
        {{/is_section}}>{{#access_rule}}[{{access_rule}}]{{/access_rule}}{{^is_hidden}}<a href="{{url}}">{{title}}</a>\
        {{/is_hidden}}{{#description}}<p>{{description}}</p>{{/description}}{{#date_display}}{{date_display}}\
        {{/date_display}}</li>{{#access_condition}}<!--# endif -->{{/access_condition}}

        """,
        "page.mustache": """
        {{<layout}}{{$content}}<nav>{{> nav}}</nav>
          {{> toc}}
        <aside>
            {{> toc}}
        </aside>{{{page.content_html}}}{{/content}}{{/layout}}
        """,
        "partials/nav.mustache": "<ul>{{#nav}}{{> nav-item}}{{/nav}}</ul>",
        "partials/nav-item.mustache": """
        <li class="{{#is_section}}s{{/is_section}}{{#is_current}} c{{/is_current}}{{#is_ancestor}} a{{/is_ancestor}}\
        {{#is_expanded}} e{{/is_expanded}}{{#has_children}} h{{/has_children}}">{{#access_rule}}[{{access_rule}}]\
        {{/access_rule}}<a href="{{url}}">{{title}}</a>{{^empty(children)}}<ul>{{#children}}{{> nav-item}}\
        {{/children}}</ul>{{/empty(children)}}</li>
        """,
        "partials/toc.mustache": "<ul>{{#page.toc}}<li>{{title}}</li>{{/page.toc}}</ul>\n",
    ]) { $1 }

    /// The theme with `nav-item`, `toc` and `card` changed so that none may be pasted, printing the same.
    private static let renderedInPlace = theme.merging([
        "partials/nav-item.mustache": theme["partials/nav-item.mustache"]! + "{{#site.nothing}}{{/site.nothing}}",
        "partials/card.mustache": "{{#site.nothing}}{{/site.nothing}}" + theme["partials/card.mustache"]!,
        "partials/toc.mustache": "{{$nothing}}{{/nothing}}" + theme["partials/toc.mustache"]!,
    ]) { $1 }

    /// The output but for the access manifest, which names the files of each site.
    private static func pages(of site: TestSite) -> [String: Data] {
        site.outputFiles().filter { $0.key != ".sitegen/access.json" }
    }

    private func reused(_ templates: [String: String]) throws -> Set<String> {
        let site = try TestSite(pages: [:], templates: templates)
        return try #require(TemplateSet.load(from: ThemeFiles(options: site.options)).0).reused
    }

    @Test("Pasted nav entries and tables of contents give the same pages as rendering them in place")
    func sameOutput() throws {
        // Reading a page field, the nav can no longer be pieced together from slots; its entries still can.
        let entriesOnly = Self.theme.merging([
            "partials/nav.mustache": "<ul>{{#nav}}{{> nav-item}}{{/nav}}</ul>{{#page.nothing}}{{/page.nothing}}"
        ]) { $1 }
        #expect(try reused(Self.theme) == ["nav-item", "nav", "toc", "card"])
        #expect(try reused(entriesOnly) == ["nav-item", "toc", "card"])
        #expect(try reused(Self.renderedInPlace) == [])
        let pasted = try TestSite(pages: Self.pages, templates: Self.theme)
        let pastedEntries = try TestSite(pages: Self.pages, templates: entriesOnly)
        let inPlace = try TestSite(pages: Self.pages, templates: Self.renderedInPlace)
        for site in [pasted, pastedEntries, inPlace] { try site.build() }
        let files = Self.pages(of: pasted)
        #expect(files.count == 12 + TestSite.builtInAssets.count)
        #expect(files == Self.pages(of: inPlace))
        #expect(files == Self.pages(of: pastedEntries))
        let (staff, signedIn) = (AccessRule.restricted(Requirement(roles: ["Staff"])).id, AccessRule.signedIn.id)
        // The home page's cards: the restricted section's guarded, the rest plain for its signed-in readers.
        #expect(
            pasted.output("index.html")?.hasSuffix(
                "<ul><!--# if expr=\"$sitegen_access = /,\(staff),/\" --><li class=\"s\">[\(staff)]<a href=\"/a/\">A</a>"
                    + "</li><!--# endif -->\n<li class=\"s\"><a href=\"/c/\">C</a></li>\n<li><a href=\"/d/\">D</a></li>\n</ul>"
            )
                == true)
        #expect(
            pasted.output("a/one/index.html")?.hasPrefix(
                "<nav><ul><li class=\"s a e h\">[\(staff)]<a href=\"/a/\">A</a><ul><li class=\"s h\">[\(staff)]"
                    + "<a href=\"/a/b/\">B &amp; co</a></li><li class=\" c\"><a href=\"/a/one/\">One</a></li></ul></li>"
                    + "<li class=\"s h\">[\(signedIn)]<a href=\"/c/\">C</a></li><li class=\"\">[\(signedIn)]"
                    + "<a href=\"/d/\">D</a></li></ul></nav>") == true)
    }

    @Test("With includes = \"none\", pasted navs leave out the same links as navs rendered in place")
    func sameOutputWithoutIncludes() throws {
        let pages = Self.pages.merging(["site.toml": "[server]\nincludes = \"none\"\n"]) { $1 }
        let pasted = try TestSite(pages: pages, templates: Self.theme)
        let inPlace = try TestSite(pages: pages, templates: Self.renderedInPlace)
        for site in [pasted, inPlace] { try site.build() }
        #expect(Self.pages(of: pasted) == Self.pages(of: inPlace))
        // Public inside the Staff section: its section is kept without title or link, every other entry left out.
        #expect(
            pasted.output("a/one/index.html")?.hasPrefix(
                "<nav><ul><li class=\"s a e h\"><a href=\"\"></a><ul><li class=\" c\"><a href=\"/a/one/\">One</a>"
                    + "</li></ul></li></ul></nav>") == true)
        let two = try #require(pasted.output("a/b/two/index.html"))
        #expect(two.contains(#"<a href="/d/">D</a>"#) && two.contains(#"<a href="/a/one/">One</a>"#))
    }

    @Test("A toc of several lines included on an indented line is rendered in place, indented as swift-mustache does")
    func indentedLines() throws {
        let multiline = "<ul>\n{{#page.toc}}<li>{{title}}</li>\n{{/page.toc}}</ul>\n"
        let pasted = try TestSite(
            pages: Self.pages, templates: Self.theme.merging(["partials/toc.mustache": multiline]) { $1 })
        let inPlace = try TestSite(
            pages: Self.pages,
            templates: Self.renderedInPlace.merging(["partials/toc.mustache": "{{$x}}{{/x}}" + multiline]) { $1 })
        try pasted.build()
        try inPlace.build()
        #expect(Self.pages(of: pasted) == Self.pages(of: inPlace))
        // swift-mustache indents at the boundaries of the partial's tags, not on every line.
        let aside = "<aside>\n  <ul>\n  <li>First</li>\n<li>Second</li>\n  </ul>\n</aside>"
        #expect(pasted.output("a/one/index.html")?.contains(aside) == true)
    }

    @Test(
        "A nav-item or card reading more than its entry, or using blocks or dynamic partials, and a toc included once, are not reused"
    )
    func notReused() throws {
        let navItem = Self.theme["partials/nav-item.mustache"]!
        for extra in ["{{page.title}}", "{{#site}}{{/site}}", "{{$block}}{{/block}}", "{{>*name}}", "{{=<% %>=}}"] {
            #expect(
                try reused(Self.theme.merging(["partials/nav-item.mustache": navItem + extra]) { $1 }) == [
                    "toc", "card",
                ])
        }
        let once = "{{<layout}}{{$content}}{{> toc}}{{/content}}{{/layout}}"
        #expect(try reused(Self.theme.merging(["page.mustache": once]) { $1 }) == ["nav-item", "nav", "card"])
        let card = Self.theme["partials/card.mustache"]!
        for extra in ["{{page.title}}", "{{#nav}}{{/nav}}", "{{$block}}{{/block}}", "{{>*name}}"] {
            #expect(
                try reused(Self.theme.merging(["partials/card.mustache": extra + card]) { $1 })
                    == ["nav-item", "nav", "toc"], "\(extra)")
        }
    }

    @Test("A nav that shows entries other than through nav-item, or is included on an indented line, is not reused")
    func navNotReused() throws {
        for nav in [
            "<ul>{{#nav}}<li>{{title}}</li>{{/nav}}</ul>", "{{#nav}}{{#children}}{{> nav-item}}{{/children}}{{/nav}}",
        ] {
            #expect(
                try reused(Self.theme.merging(["partials/nav.mustache": nav]) { $1 }) == ["nav-item", "toc", "card"])
        }
        let indented = Self.theme.merging([
            "layout.mustache": "<aside>\n  {{> nav}}\n</aside>\n{{$content}}{{/content}}"
        ]) { $1 }
        #expect(try reused(indented) == ["nav-item", "toc", "card"])
    }

    @Test("A section's list of cards is pasted whole only where section_pages is the page's own")
    func cardListsPasted() {
        let list = PartialReuse.cardList
        #expect(PartialReuse.pastesCardLists(Self.theme["section.mustache"]!))
        #expect(PartialReuse.pastesCardLists("{{^empty(section_pages)}}<ul>\(list)</ul>{{/empty(section_pages)}}"))
        #expect(PartialReuse.pastesCardLists("\(list)<hr>\(list)"))
        #expect(!PartialReuse.pastesCardLists("<ul>{{#section_pages}}\n{{> card}}\n{{/section_pages}}</ul>"))
        #expect(!PartialReuse.pastesCardLists("{{#page}}\(list){{/page}}"))
        #expect(!PartialReuse.pastesCardLists("\(list){{#nav}}\(list){{/nav}}"))
        #expect(!PartialReuse.pastesCardLists("{{=<% %>=}}\(list)"))
        #expect(!PartialReuse.pastesCardLists("{{! \(list) }}"))
    }

    @Test(
        "Lists of cards pasted whole, inside a section or with cards that cannot be pasted, print what rendering does")
    func cardListsSameOutput() throws {
        let list = PartialReuse.cardList
        let section = "{{<layout}}{{$content}}<ul>\(list)</ul>{{#page}}<ol>\(list)</ol>{{/page}}{{/content}}{{/layout}}"
        let card = Self.theme["partials/card.mustache"]!
        for (sectionTemplate, cardPartial) in [(section, card), (Self.theme["section.mustache"]!, "<i>\n</i>" + card)] {
            let pasted = try TestSite(
                pages: Self.pages,
                templates: Self.theme.merging([
                    "section.mustache": sectionTemplate, "partials/card.mustache": cardPartial,
                ]) { $1 })
            let inPlace = try TestSite(
                pages: Self.pages,
                templates: Self.renderedInPlace.merging([
                    "section.mustache": sectionTemplate,
                    "partials/card.mustache": "{{#site.nothing}}{{/site.nothing}}" + cardPartial,
                ]) { $1 })
            for site in [pasted, inPlace] { try site.build() }
            #expect(Self.pages(of: pasted) == Self.pages(of: inPlace))
            #expect(pasted.output("a/index.html")?.contains(#"<a href="/a/one/">One</a>"#) == true)
        }
    }
}
