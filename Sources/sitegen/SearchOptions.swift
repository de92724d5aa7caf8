import ArgumentParser

/// The option of `build` and `serve` that leaves the search index out.
struct SearchOptions: ParsableArguments {
    @Flag(name: .long, help: "Build without the search index, as search = false in site.toml does.")
    var noSearch = false
}
