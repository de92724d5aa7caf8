// swift-tools-version: 6.0
import PackageDescription

// libFuzzer targets for the parsers that read what a stranger sends (cookies, paths, FastCGI parameters, tokens)
// and what an author writes (front matter, TOML, HTML in Markdown as search reads it), and the build cache every build reads. A package of its own, so the sanitizer flags reach every module
// of the main package and its dependencies without touching the main build. Fuzz/run.sh (`make fuzz`,
// `make fuzz-smoke`) builds it optimised, with testability for `@testable import`:
//   swift build -c release --package-path Fuzz --scratch-path .build-fuzz -Xswiftc -enable-testing \
//     -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xcxx -fsanitize=fuzzer-no-link,address
// Each target defines `LLVMFuzzerTestOneInput`; its main.swift hands it to libFuzzer's driver (ARCHITECTURE.md).

let fuzzTargets: [(name: String, product: String)] = [
    ("fuzz-session-cookie", "EntraAuth"),
    ("fuzz-cookie-header", "EntraAuth"),
    ("fuzz-request-path", "AccessRules"),
    ("fuzz-cgi-parameters", "AuthServing"),
    ("fuzz-jose", "EntraAuth"),
    ("fuzz-front-matter", "SiteBuilder"),
    ("fuzz-config", "EntraAuth"),
    ("fuzz-search-text", "SiteBuilder"),
    ("fuzz-build-cache", "SiteBuilder"),
]

let package = Package(
    name: "sitegen-fuzz",
    dependencies: [.package(name: "sitegen", path: "..")],
    targets: [.systemLibrary(name: "CLibFuzzer")]
        + fuzzTargets.map { target in
            .executableTarget(
                name: target.name,
                dependencies: ["CLibFuzzer", .product(name: target.product, package: "sitegen")]
                    + (target.name == "fuzz-config" ? [.product(name: "SiteBuilder", package: "sitegen")] : [])
                    + (target.name == "fuzz-cgi-parameters" ? [.product(name: "EntraAuth", package: "sitegen")] : []),
                path: "Sources/\(target.name)"
            )
        }
)
