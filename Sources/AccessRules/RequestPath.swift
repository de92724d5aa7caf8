/// Normalises a request URI the way nginx maps it to a file, so a rule is matched against the file that is served.
///
/// ```swift
/// RequestPath.normalize("/a/../secret//index.html?x=1")  // "/secret/"
/// RequestPath.normalize("/%2e%2e/secret/")                // nil: escapes the root
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
        if segments.last.map({ Array($0) }) == Array("index.html".utf8) {
            segments.removeLast()
            endsWithSlash = true
        }
        var path: [UInt8] = [UInt8(ascii: "/")]
        for (number, segment) in segments.enumerated() {
            if number > 0 { path.append(UInt8(ascii: "/")) }
            path.append(contentsOf: segment)
        }
        if endsWithSlash, !segments.isEmpty { path.append(UInt8(ascii: "/")) }
        return String(decoding: path, as: UTF8.self)
    }

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
