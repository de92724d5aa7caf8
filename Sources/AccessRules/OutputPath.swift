/// The one rule between a file of the published folder and the URL that serves it, shared by the half that
/// writes the files (pages, aliases, links, the access manifest) and the halves that serve them (the access
/// check, the preview), so that what the build writes is what a request finds.
///
/// A page has three forms:
/// - its *route*, relative to the site root, decoded, a folder ending in `/`: `guide/my page/`, "" for the home page;
/// - its *file* in the output folder: `guide/my page/index.html` (a folder is served by its `index.html`);
/// - its *URL*: the root URL and the route, percent-encoded: `/docs/guide/my%20page/`.
///
/// A file that is not a folder's index (`404.html`, `assets/theme.css`) is its own route.
///
/// ```swift
/// OutputPath.file(ofRoute: "guide/setup/")                // "guide/setup/index.html"
/// OutputPath.route(ofFile: "guide/setup/index.html")      // "guide/setup/"
/// OutputPath.url(ofRoute: "a b/", root: "/docs/")         // "/docs/a%20b/"
/// OutputPath.file(ofRequestPath: "/100%25/")              // "100%/index.html"
/// ```
public enum OutputPath {
    /// The file that serves a folder.
    public static let indexFile = "index.html"

    /// The file written for a route: a folder's `index.html`, or the route itself.
    public static func file(ofRoute route: String) -> String {
        route.isEmpty || route.hasSuffix("/") ? route + indexFile : route
    }

    /// The route a file is served at: a folder's `index.html` as the folder, any other file as itself.
    public static func route(ofFile file: String) -> String {
        if file == indexFile { return "" }
        if file.hasSuffix("/" + indexFile) { return String(file.dropLast(indexFile.utf8.count)) }
        return file
    }

    /// The URL of a route, for links and sitemaps: `root` (already a URL path, e.g. `/docs/`) and the route with
    /// each byte outside the URL path's safe set percent-encoded (spaces, `%`, `?`, `#`, `;`, non-ASCII).
    public static func url(ofRoute route: String, root: String) -> String {
        root + percentEncoded(route)
    }

    /// The URL of a file of the output folder: the URL of its route.
    public static func url(ofFile file: String, root: String) -> String {
        url(ofRoute: route(ofFile: file), root: root)
    }

    /// The path the access manifest lists a file under, as the access check finds it after decoding a request:
    /// the decoded root (`/sub dir/`) and the file's route, unencoded.
    public static func manifestPath(ofFile file: String, decodedRoot: String) -> String {
        manifestPath(ofRoute: route(ofFile: file), decodedRoot: decodedRoot)
    }

    /// The path the access manifest lists a route under: the decoded root and the route, unencoded.
    public static func manifestPath(ofRoute route: String, decodedRoot: String) -> String {
        decodedRoot + route
    }

    /// The file of the output folder a request path names, relative to that folder: `path` in the form
    /// `RequestPath.normalize` gives (`/100%25/`, `/guide/setup/`), so the three bytes it keeps escaped are
    /// decoded back into the file's name (`100%/index.html`). Never climbs above the folder: a normalised
    /// path holds no `..` and no escaped `/`.
    public static func file(ofRequestPath path: String) -> String {
        let unescaped = RequestPath.unescaped(path)
        return file(ofRoute: unescaped.hasPrefix("/") ? String(unescaped.dropFirst()) : unescaped)
    }

    /// A URL path with each byte outside letters, digits, `/` and ``-._~!$&'()*+,=:@`` percent-encoded as `%XX`.
    /// Paths of letters, digits, `-`, `_`, `.` and `/` are returned at once: every page's URL is made here.
    public static func percentEncoded(_ path: String) -> String {
        guard !path.utf8.allSatisfy(isPlain) else { return path }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count + 16)
        for byte in path.utf8 {
            if isAllowed(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "/"):
            true
        default: false
        }
    }

    /// The bytes a URL path may hold as they are (RFC 3986 `pchar` and `/`), less `;`, which some servers
    /// read as the start of path parameters.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        isPlain(byte) || "~!$&'()*+,=:@".utf8.contains(byte)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
