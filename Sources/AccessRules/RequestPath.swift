/// Normalises a request URI the way nginx maps it to a file, so a rule is matched against the file that is served.
///
/// The result names the file with `%`, `?` and `#` percent-encoded, the three bytes a second decoding would read
/// differently: normalizing a normalized path gives it back, and it never holds a `%2F` that could become a `/`.
///
/// ```swift
/// RequestPath.normalize("/a/../secret//index.html?x=1")  // "/secret/"
/// RequestPath.normalize("/%2e%2e/secret/")                // nil: escapes the root
/// RequestPath.normalize("/100%25/")                       // "/100%25/", the folder named "100%"
/// ```
public enum RequestPath {
    /// The normalised path, or nil for a URI nginx would refuse (no leading slash, bad escape, NUL, above the root).
    public static func normalize(_ uri: String) -> String? {
        var bytes = Array(uri.utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") })
        guard bytes.first == UInt8(ascii: "/"), let decoded = percentDecoded(bytes) else { return nil }
        bytes = decoded
        guard !bytes.contains(0) else { return nil }

        var segments: [ArraySlice<UInt8>] = []
        var endsWithSlash = false
        for segment in bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst() {
            endsWithSlash = false
            switch segment.count {
            case 0:
                endsWithSlash = true
            case 1 where segment.first == UInt8(ascii: "."):
                endsWithSlash = true
            case 2 where segment.allSatisfy({ $0 == UInt8(ascii: ".") }):
                guard segments.popLast() != nil else { return nil }
                endsWithSlash = true
            default:
                segments.append(segment)
            }
        }
        // A last segment `index.html` names the folder's index page; followed by a slash it is a folder itself.
        if !endsWithSlash, segments.last.map({ Array($0) }) == Array(OutputPath.indexFile.utf8) {
            segments.removeLast()
            endsWithSlash = true
        }
        var path: [UInt8] = [UInt8(ascii: "/")]
        for (number, segment) in segments.enumerated() {
            if number > 0 { path.append(UInt8(ascii: "/")) }
            appendEscaped(segment, to: &path)
        }
        if endsWithSlash, !segments.isEmpty { path.append(UInt8(ascii: "/")) }
        return String(decoding: path, as: UTF8.self)
    }

    /// A site file's path (`/reports/100%/`) in the form `normalize` gives (`/reports/100%25/`), for looking it up.
    public static func escaped(_ filePath: String) -> String {
        guard filePath.utf8.contains(where: needsEscaping) else { return filePath }
        var path: [UInt8] = []
        appendEscaped(filePath.utf8, to: &path)
        return String(decoding: path, as: UTF8.self)
    }

    /// A path `normalize` gave, with its escapes decoded: the name of the file it matches.
    public static func unescaped(_ path: String) -> String {
        guard path.utf8.contains(UInt8(ascii: "%")), let bytes = percentDecoded(Array(path.utf8)) else { return path }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    private static func appendEscaped(_ bytes: some Collection<UInt8>, to path: inout [UInt8]) {
        for byte in bytes {
            if needsEscaping(byte) {
                path += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            } else {
                path.append(byte)
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else { return nil }
                output.append(high << 4 | low)
                index += 3
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
