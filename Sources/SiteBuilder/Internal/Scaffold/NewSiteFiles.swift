import Foundation

/// What `sitegen new` writes: a site that builds as it is and shows, in a few short files, how pages,
/// sections, links, code and settings work.
enum NewSiteFiles {
    static let all: [FolderWriter.File] = [
        file("README.md", readme),
        file(".gitignore", gitignore),
        file("site/site.toml", siteTOML),
        file("site/index.md", home),
        file("site/guide/index.md", guideSection),
        file("site/guide/first-page.md", firstPage),
    ]

    private static func file(_ path: String, _ text: String) -> FolderWriter.File {
        FolderWriter.File(path: path, contents: Data(text.utf8))
    }

    private static let readme = """
        # My site

        A website written in Markdown and built with sitegen.

        ## Next steps

        1. Look at it: `sitegen serve`, then open http://127.0.0.1:8000/. The page reloads by itself
           each time you save, and shows build errors over the page (`sitegen serve --help`).
        2. Publish it: `sitegen build` renders `site/` into `public/`, the folder nginx serves.
        3. Write: every Markdown file in `site/` is a page, and a folder with an `index.md` is a
           section. The front matter between the `---` lines sets a page's `title`, its `weight`
           (its place in the navigation) and `access` (who may read it). Settings of the whole site
           are in `site/site.toml`.
        4. Change the look: `sitegen theme list` shows the files of the built-in theme, and
           `sitegen theme export templates partials/footer.mustache` copies one of them into
           `templates/`, where your edits override it. Files you do not copy stay built in.
        5. Publish it behind Microsoft Entra sign-in with nginx and `sitegen-auth`: see "Deploying"
           in the sitegen user guide.

        `public/` and `.sitegen-cache/` are what `sitegen build` writes; git ignores them.

        """

    private static let gitignore = """
        # What `sitegen build` writes: the site and the build cache beside it.
        public/
        .sitegen-cache/

        """

    private static let siteTOML = """
        # Settings of the whole site. Every key is optional: delete what you do not need.

        # The site's name, in the header of every page and in the browser tab.
        title = "My site"

        # The language of the pages, for screen readers, hyphenation and spell checkers.
        language = "en"

        # Text at the foot of every page; links and *emphasis* work.
        footer = "Built with sitegen"

        # Where the site is served. Setting it writes a sitemap.xml; a path, as in
        # "https://intranet.example.com/docs/", serves the site from that sub-folder.
        # base_url = "https://docs.example.com/"

        # Who may read a page whose front matter says nothing: "signed-in" (the default),
        # "public", or a rule such as { roles = ["Staff"] }. A page can say `access: public`.
        # access = "signed-in"

        # Whom to ask for access, shown on the "no access" page.
        # contact = "the docs team, docs@example.com"

        # The order of the top-level sections, by folder name (default: by weight, then title).
        # nav = ["guide"]

        # The web server: nginx (the default) runs the Server Side Includes that greet each reader
        # and show links only to readers who may open them. For Apache, lighttpd, Caddy or Traefik
        # write includes = "none": pages then link only what all their readers may open.
        # [server]
        # includes = "nginx"

        """

    private static let home = """
        ---
        title: My site
        description: What this site is about, in one sentence.
        ---

        This is the home page, `site/index.md`. Every Markdown file in `site/` becomes a page with
        a clean address: `site/guide/first-page.md` is served as `/guide/first-page/`.

        Start with the [guide](guide/index.md).

        """

    private static let guideSection = """
        ---
        title: Guide
        description: A section is a folder with an index.md.
        weight: 10
        ---

        This is the section page of the `guide` folder, `site/guide/index.md`. The pages in the
        folder are listed below and in the navigation, ordered by their `weight`.

        """

    private static let firstPage = """
        ---
        title: First page
        description: An ordinary page, with headings, a link and a code block.
        weight: 10
        ---

        ## Links

        Link to another page by its Markdown file, as in [back to the home page](../index.md). The
        build turns the link into the page's address and fails if the file does not exist, so
        links stay unbroken.

        ## Code

        Name the language after the opening fence and the code is highlighted when the site is
        built:

        ```python
        def greet(name: str) -> str:
            return f"Hello, {name}!"
        ```

        """
}
