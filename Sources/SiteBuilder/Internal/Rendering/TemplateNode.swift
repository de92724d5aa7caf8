import Foundation
import Mustache
import TextTools

/// An object of the template context in the form swift-mustache reads fastest: a final class it
/// asks for fields by name (`MustacheParent`), holding values it needs no conversion for (strings,
/// numbers, booleans, arrays, nodes). Never a dictionary of existentials, never reflection.
///
/// A node also carries a digest of everything below it, with nested nodes counted by their own
/// digests: a page's cache key hashes only what is new in its context, not the shared parts again.
/// Immutable once built (but for its derived fields, each computed once), so pages rendered on any
/// thread can share it.
final class TemplateNode: MustacheParent, @unchecked Sendable, Equatable {
    /// Field names in sorted order; a node has a dozen fields at most, so a scan beats hashing.
    private let keys: [String]
    private let values: [Any]
    private let derived: [DerivedField]
    let digest: SHA256.Digest

    convenience init(_ fields: [String: TemplateValue], derived: [DerivedField] = []) {
        self.init(sortingFields: fields, derived: derived)
    }

    convenience init(_ fields: KeyValuePairs<String, TemplateValue>, derived: [DerivedField] = []) {
        self.init(sortingFields: fields, derived: derived)
    }

    private init(sortingFields fields: some Sequence<(key: String, value: TemplateValue)>, derived: [DerivedField]) {
        self.derived = derived
        let sorted = fields.sorted { $0.key < $1.key }
        var encoding: [UInt8] = []
        Self.appendLength(sorted.count, tag: UInt8(ascii: "{"), to: &encoding)
        keys = sorted.map(\.key)
        values = sorted.map { field in
            Self.appendLength(field.key.utf8.count, tag: UInt8(ascii: "k"), to: &encoding)
            encoding.append(contentsOf: field.key.utf8)
            return Self.mustacheValue(field.value, encoding: &encoding)
        }
        digest = SHA256.digest(encoding)
    }

    func child(named name: String) -> Any? {
        for index in keys.indices where keys[index] == name {
            return values[index]
        }
        return derived.first { $0.name == name }?.value(of: self)
    }

    static func == (lhs: TemplateNode, rhs: TemplateNode) -> Bool {
        lhs.digest == rhs.digest
    }

    /// The value as swift-mustache reads it, appending its unambiguous encoding for the digest.
    private static func mustacheValue(_ value: TemplateValue, encoding: inout [UInt8]) -> Any {
        switch value {
        case .string(let text):
            appendLength(text.utf8.count, tag: UInt8(ascii: "s"), to: &encoding)
            encoding.append(contentsOf: text.utf8)
            return text
        case .int(let number):
            encoding.append(contentsOf: "i\(number);".utf8)
            return number
        case .double(let number):
            encoding.append(contentsOf: "d\(number);".utf8)
            return number
        case .bool(let flag):
            encoding.append(flag ? UInt8(ascii: "T") : UInt8(ascii: "F"))
            return flag
        case .list(let items):
            appendLength(items.count, tag: UInt8(ascii: "["), to: &encoding)
            return items.map { mustacheValue($0, encoding: &encoding) }
        case .object(let fields):
            return mustacheValue(.node(TemplateNode(fields)), encoding: &encoding)
        case .node(let node):
            encoding.append(UInt8(ascii: "n"))
            node.digest.append(to: &encoding)
            return node
        case .digested(let text, let digest):
            encoding.append(UInt8(ascii: "h"))
            digest.append(to: &encoding)
            return text
        case .null:
            encoding.append(UInt8(ascii: "z"))
            // swift-mustache stops looking up the stack at any value and reads `NSNull` as no value.
            return NSNull()
        }
    }

    /// Appends `tag`, `length` in decimal and `:`: this runs for every field of every page.
    private static func appendLength(_ length: Int, tag: UInt8, to encoding: inout [UInt8]) {
        encoding.append(tag)
        DecimalBytes.append(length, to: &encoding)
        encoding.append(UInt8(ascii: ":"))
    }
}

extension TemplateNode: MustacheTransformable {
    /// The transforms swift-mustache has for dictionaries, which objects of the context once were:
    /// `{{count(page.params)}}`, `{{^empty(x)}}`, and `{{#enumerated(x)}}{{key}}: {{value}}…` (also
    /// `sorted`), in the order of the field names.
    func transform(_ name: String) -> Any? {
        switch name {
        case "count": keys.count
        case "empty": keys.isEmpty
        case "enumerated", "sorted": zip(keys, values).map { (key: $0, value: $1) }
        default: nil
        }
    }
}
