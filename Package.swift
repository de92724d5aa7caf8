// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// Qt 5's headers, which KSyntaxHighlighting's include (Debian `libkf5syntaxhighlighting-dev` brings
/// them). pkg-config would find them too, but its `-DQT_CORE_LIB` makes SwiftPM warn on every build.
#if arch(arm64)
    let qtHeaders = "/usr/include/aarch64-linux-gnu/qt5"
#else
    let qtHeaders = "/usr/include/x86_64-linux-gnu/qt5"
#endif

let package = Package(
    name: "sitegen",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        .executable(name: "sitegen-auth", targets: ["sitegen-auth"]),
        // The libraries, for the fuzz targets in Fuzz/ (a package of its own that depends on this one by path).
        .library(name: "AccessRules", targets: ["AccessRules"]),
        .library(name: "EntraAuth", targets: ["EntraAuth"]),
        .library(name: "AuthServing", targets: ["AuthServing"]),
        .library(name: "SiteBuilder", targets: ["SiteBuilder"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .target(
            name: "CKSyntaxHighlighting",
            cxxSettings: [
                .unsafeFlags([
                    "-isystem", qtHeaders, "-isystem", qtHeaders + "/QtCore", "-isystem", qtHeaders + "/QtGui",
                ])
            ],
            linkerSettings: [
                .linkedLibrary("KF5SyntaxHighlighting"), .linkedLibrary("Qt5Gui"), .linkedLibrary("Qt5Core"),
            ]),
        .systemLibrary(name: "CGraphviz", pkgConfig: "libgvc", providers: [.apt(["libgraphviz-dev"])]),
        .systemLibrary(name: "CLinux"),
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // Not through pkg-config: its -D_FILE_OFFSET_BITS=64 is a flag SwiftPM refuses (a no-op on 64-bit Linux).
        .systemLibrary(name: "CHiredis", providers: [.apt(["libhiredis-dev"])]),
        .target(name: "AccessRules", dependencies: ["TextTools"], swiftSettings: swiftSettings),
        .target(name: "TextTools", swiftSettings: swiftSettings),
        .target(
            name: "SiteBuilder",
            dependencies: [
                "CMarkGFM", "CKSyntaxHighlighting", "CGraphviz", "CLinux", "COpenSSL", "AccessRules", "TextTools",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            // GitHub's emoji names (`Emoji`), compiled into the module rather than read from a bundle at run time.
            resources: [.embedInCode("Internal/Markdown/EmojiNames.txt")],
            swiftSettings: swiftSettings,
            plugins: ["EmbedTheme"]
        ),
        .executableTarget(name: "theme-embedder", swiftSettings: swiftSettings),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["theme-embedder"]),
        .target(
            name: "SitePreview", dependencies: ["SiteBuilder", "AccessRules", "TextTools", "CLinux"],
            swiftSettings: swiftSettings),
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SiteBuilder", "SitePreview", "CLinux",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "EntraAuth",
            dependencies: [
                "COpenSSL", "CSQLite", "CHiredis", "CLinux", "AccessRules", "TextTools",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "AuthServing", dependencies: ["EntraAuth", "TextTools", "CLinux"], swiftSettings: swiftSettings),
        // Forward auth over HTTP (Caddy, Traefik): the one target that links SwiftNIO.
        .target(
            name: "HTTPServing",
            dependencies: [
                "EntraAuth", "AuthServing",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings),
        .target(name: "AuditTrail", swiftSettings: swiftSettings),
        .executableTarget(
            name: "sitegen-auth",
            dependencies: [
                "EntraAuth", "AuthServing", "HTTPServing", "AuditTrail",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "AccessRulesTests", dependencies: ["AccessRules"], swiftSettings: swiftSettings),
        .testTarget(
            name: "SiteBuilderTests", dependencies: ["SiteBuilder", "AccessRules"], swiftSettings: swiftSettings),
        .testTarget(
            name: "EntraAuthTests", dependencies: ["EntraAuth", "LoopbackSockets"], swiftSettings: swiftSettings),
        .testTarget(name: "AuditTrailTests", dependencies: ["AuditTrail"], swiftSettings: swiftSettings),
        .target(
            name: "TransportTestEndpoints", dependencies: ["EntraAuth"], path: "Tests/TransportTestEndpoints",
            swiftSettings: swiftSettings),
        .target(name: "LoopbackSockets", path: "Tests/LoopbackSockets", swiftSettings: swiftSettings),
        .testTarget(
            name: "AuthServingTests", dependencies: ["AuthServing", "EntraAuth", "TransportTestEndpoints"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "HTTPServingTests",
            dependencies: ["HTTPServing", "AuthServing", "EntraAuth", "TransportTestEndpoints", "LoopbackSockets"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "SitePreviewTests", dependencies: ["SitePreview", "SiteBuilder", "AccessRules", "LoopbackSockets"],
            swiftSettings: swiftSettings),
    ],
    cxxLanguageStandard: .cxx17
)
