import ArgumentParser

/// The options of `build` and `serve` that choose how the search index is built.
struct SearchOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The Pagefind binary that builds the search index (default: pagefind on PATH).", valueName: "path"))
    var pagefind: String?

    @Flag(name: .long, help: "Build without the search index, as search = false in site.toml does.")
    var noSearch = false
}
