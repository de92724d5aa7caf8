import Foundation
import Testing

@testable import SiteBuilder

/// Links as Jekyll sources write them: after the site's base URL, and to a page's built `.html` name.
@Suite("Jekyll's links")
struct JekyllLinkTests {
    @Test("{{ site.baseurl }} before a site path resolves like the path; an absolute .html name to its page")
    func baseURL() throws {
        let site = try TestSite(pages: [
            "index.md": "[a]({{site.baseurl}}/guide/setup.html#part), [b](/guide/setup.html), "
                + "[c]({{site.url}}{{site.baseurl}}/guide/), [d](/guide/gone.html)\n\n"
                + "<img src=\"{{ site.baseurl }}/guide/logo.png\">\n",
            "guide/setup.md": "# Setup\n\n## Part\n",
            "guide/logo.png": "PNG",
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<p><a href=\"/guide/setup/#part\">a</a>, <a href=\"/guide/setup/\">b</a>, "
                + "<a href=\"/guide/\">c</a>, <a href=\"/guide/gone.html\">d</a></p>\n"
                + "<img src=\"/guide/logo.png\">\n")
    }

    @Test("An .html name finds its page whatever the case of the page's extension")
    func builtNameOfAnExtensionInAnotherCase() throws {
        let site = try TestSite(pages: [
            "index.md": "[a](/guide/Tuning.html), [b](/notes/Notes.html#top), [c](/guide/tuning.html)\n",
            "guide/Tuning.MD": "# Tuning\n",
            "notes/Notes.Markdown": "# Notes\n\n## Top\n",
        ])
        try site.build()
        #expect(
            site.output("index.html")
                == "<p><a href=\"/guide/Tuning/\">a</a>, <a href=\"/notes/Notes/#top\">b</a>, "
                + "<a href=\"/guide/tuning.html\">c</a></p>\n")
    }

    @Test("A base URL before a missing page is a broken link with its line")
    func brokenAfterBaseURL() throws {
        let site = try TestSite(pages: ["index.md": "\n[a]({{site.baseurl}}/gone.md)\n"])
        let error = try #require(site.buildErrors().first)
        #expect(error.hasPrefix("site/index.md:2: ") && error.contains("names no page"))
    }

    @Test("Any other Liquid in a link is left as written, with a warning naming file and line")
    func otherTemplates() throws {
        let site = try TestSite(pages: ["index.md": "[next]({{page.next.url}})\n"])
        let report = try site.build()
        #expect(site.output("index.html") == "<p><a href=\"%7B%7Bpage.next.url%7D%7D\">next</a></p>\n")
        #expect(report.warnings.count == 1)
        #expect(report.warnings.first?.line == 1)
        #expect(report.warnings.first?.description.contains("template expression") == true)
    }
}
