/// A limit on YAML's aliases (`*name`, a use of a value an anchor `&name` names), read before the YAML is composed:
/// each alias stands for the whole value it names, aliases of aliases multiply, and a few hundred bytes that nest
/// them ("a billion laughs") make a value of billions of nodes, which composing and every pass over it would
/// spend minutes and gigabytes on. Settings and front matter written by hand use a few, if any.
enum YAMLAliases {
    /// The most aliases one text may use. `n` aliases nested in levels of `n / e` each make at most about `e^(n/e)`
    /// nodes: 24 make a few thousand, where 63 made five million.
    static let limit = 24

    /// Why `yaml` is not read: it uses more than `limit` aliases; nil when it uses fewer. An alias is counted where
    /// YAML may start one: a `*` at the start of a line or after white space, `[`, `{` or `,`, followed by a
    /// character of an anchor's name. A `*` in quoted text may be counted too, which only a text near the limit
    /// could notice.
    static func problem(in yaml: String) -> String? {
        guard yaml.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var count = 0
        var previous: UInt8 = UInt8(ascii: "\n")
        var star = false
        for byte in yaml.utf8 {
            if star, !isSpaceOrFlow(byte) { count += 1 }
            star = byte == UInt8(ascii: "*") && isSpaceOrFlow(previous)
            previous = byte
        }
        guard count > limit else { return nil }
        return "uses \(count) aliases (*name), more than the \(limit) sitegen reads, since each stands for the whole "
            + "value it names; write the values out instead"
    }

    private static func isSpaceOrFlow(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
            || byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}")
    }
}
