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
    func writeCanonical(to output: inout String) {
        switch self {
        case .string(let text):
            output += "s\(text.utf8.count):"
            output += text
        case .int(let number):
            output += "i\(number);"
        case .double(let number):
            output += "d\(number);"
        case .bool(let flag):
            output += flag ? "T" : "F"
        case .list(let items):
            output += "[\(items.count):"
            for item in items { item.writeCanonical(to: &output) }
            output += "]"
        case .object(let fields):
            output += "{\(fields.count):"
            for key in fields.keys.sorted() {
                output += "\(key.utf8.count):\(key)"
                fields[key]!.writeCanonical(to: &output)
            }
            output += "}"
        }
    }
}
