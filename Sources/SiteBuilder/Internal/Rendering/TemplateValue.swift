/// A value of the template context: what front matter, `site.toml` and the build hand to Mustache.
///
/// Kept as a plain Sendable tree so the context can be hashed for the build cache and only
/// turned into swift-mustache's `[String: Any]` when a page really is rendered.
enum TemplateValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case list([TemplateValue])
    case object([String: TemplateValue])

    /// The value as swift-mustache reads it: dictionaries, arrays, strings, numbers, booleans.
    var mustacheValue: Any {
        switch self {
        case .string(let text): text
        case .int(let number): number
        case .double(let number): number
        case .bool(let flag): flag
        case .list(let items): items.map(\.mustacheValue)
        case .object(let fields): fields.mapValues(\.mustacheValue)
        }
    }

    /// A string field that is left out when empty, so `{{#page.description}}` works as a test.
    static func text(_ value: String) -> TemplateValue? {
        value.isEmpty ? nil : .string(value)
    }

    /// Appends an unambiguous, key-sorted encoding of the value, the input of cache keys.
    /// Bytes rather than a String: this runs over every page's full context on every build.
    func writeCanonical(to output: inout [UInt8]) {
        switch self {
        case .string(let text):
            Self.append("s\(text.utf8.count):", to: &output)
            output.append(contentsOf: text.utf8)
        case .int(let number):
            Self.append("i\(number);", to: &output)
        case .double(let number):
            Self.append("d\(number);", to: &output)
        case .bool(let flag):
            output.append(flag ? UInt8(ascii: "T") : UInt8(ascii: "F"))
        case .list(let items):
            Self.append("[\(items.count):", to: &output)
            for item in items { item.writeCanonical(to: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let fields):
            Self.append("{\(fields.count):", to: &output)
            for key in fields.keys.sorted() {
                Self.append("\(key.utf8.count):", to: &output)
                output.append(contentsOf: key.utf8)
                fields[key]!.writeCanonical(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }
}
