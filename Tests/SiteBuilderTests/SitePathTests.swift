import Testing

@testable import SiteBuilder

/// The path arithmetic every link goes through, pinned where it works on bytes.
struct SitePathTests {
    @Test func relativePathsResolveAgainstTheirFolder() {
        #expect(SitePath.resolve("setup.md", from: "guide") == "guide/setup.md")
        #expect(SitePath.resolve("./setup.md", from: "guide/deep") == "guide/deep/setup.md")
        #expect(SitePath.resolve("../a/./b//c.md", from: "guide/deep") == "guide/a/b/c.md")
        #expect(SitePath.resolve("/top.md", from: "guide/deep") == "top.md")
        #expect(SitePath.resolve("..", from: "guide") == "")
        #expect(SitePath.resolve("../..", from: "guide") == nil, "above the site root")
        #expect(SitePath.resolve("…/ünï cödé.md", from: "日本") == "日本/…/ünï cödé.md")
        #expect(SitePath.resolve("x.md", from: "") == "x.md")
    }

    @Test func aDestinationSplitsAtItsFirstHashThenItsFirstQuestionMark() {
        #expect(LinkResolver.split("a.md?x=1#part") == ("a.md", "x=1", "part"))
        #expect(LinkResolver.split("a.md#part?not-a-query") == ("a.md", nil, "part?not-a-query"))
        #expect(LinkResolver.split("a.md?q#f#g") == ("a.md", "q", "f#g"))
        #expect(LinkResolver.split("#only") == ("", nil, "only"))
        #expect(LinkResolver.split("ünï.md") == ("ünï.md", nil, nil))
        #expect(SitePath.parent(of: "a/b/c.md") == "a/b" && SitePath.lastComponent(of: "a/b/c.md") == "c.md")
        #expect(SitePath.parent(of: "c.md") == "" && SitePath.lastComponent(of: "c.md") == "c.md")
    }

    @Test func aFolderIsTheParentOfExactlyThePathsItHoldsDirectly() {
        #expect(SitePath.isParent("", of: "c.md"))
        #expect(!SitePath.isParent("", of: "a/c.md"))
        #expect(SitePath.isParent("a/b", of: "a/b/c.md"))
        #expect(!SitePath.isParent("a/b", of: "a/b/d/c.md"), "a grandchild")
        #expect(!SitePath.isParent("a/b", of: "a/bc/c.md"), "a folder whose name starts with the same letters")
        #expect(!SitePath.isParent("a/b", of: "a/b/"), "no name after the slash")
        #expect(!SitePath.isParent("a/b", of: "a/b"))
        #expect(!SitePath.isParent("a/b", of: "c.md"))
        #expect(!SitePath.isParent("a", of: "b/c.md"))
        #expect(SitePath.isParent("日本", of: "日本/ünï.md"))
        for path in ["c.md", "a/c.md", "a/b/c.md", "a/bc/d.md", "日本/ünï.md"] {
            #expect(SitePath.isParent(SitePath.parent(of: path), of: path))
        }
    }

    @Test func aPathIsShownJoinedToItsFolderWithOneSlash() {
        #expect(DisplayPaths.join("site", "guide/setup.md") == "site/guide/setup.md")
        #expect(DisplayPaths.join("site/", "guide/setup.md") == "site/guide/setup.md")
        #expect(DisplayPaths.join("/srv/site", "a.md") == "/srv/site/a.md")
        #expect(DisplayPaths.join("", "a.md") == "a.md")
        #expect(DisplayPaths.join(".", "a.md") == "a.md")
        #expect(DisplayPaths.join("site", "") == "site")
        #expect(DisplayPaths.join("sïte", "日本/ünï.md") == "sïte/日本/ünï.md")
    }
}
