import TextTools

extension AccessRule {
    /// The rule's name wherever the rules a reader satisfies are spelled: in `X-Auth-Access`, in the pages' SSI
    /// conditions and in the search index's folders (see `SatisfiedRules`). Eight characters of `a`–`z` and
    /// `2`–`7`, a digest of the rule alone, so a rule has the same id in every build that has it.
    ///
    /// A number by position would not do: a build that adds a rule before others moves their numbers, and for the
    /// few seconds the auth handler and nginx answer with the old manifest's numbers, a new page's navigation
    /// would read them as the new ones and show a reader titles of pages guarded for another rule. With ids, a
    /// rule the old answer lacks is hidden until the answer is the new one.
    ///
    /// The digest is 40 bits of FNV-1a over `canonicalText`, which no two distinct rules share; a site whose rules
    /// collide in the 40 bits (for a hundred rules, about one site in 200 million) is refused by `AccessManifest.ruleIDs()`.
    public var id: String {
        var hash = FNV1a.hash(canonicalText)
        // FNV's low bits mix poorly; spread every bit over the 40 kept (SplitMix64's finalizer).
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)
        let bytes = (0..<8).map { alphabet[Int((hash >> UInt64(59 - 5 * $0)) & 31)] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rule written out with nothing left to choice: the keyword, or each non-empty list of a requirement in a
    /// fixed order, its names as JSON strings in their order (which the rule's equality also counts).
    var canonicalText: String {
        switch self {
        case .public: return "public"
        case .signedIn: return "signed-in"
        case .restricted(let requirement):
            var bytes = Array("requirement".utf8)
            let lists = [
                ("roles", requirement.roles), ("groups", requirement.groups), ("tenants", requirement.tenants),
                ("users", requirement.users), ("emails", requirement.emails),
            ]
            for (key, names) in lists where !names.isEmpty {
                bytes.append(contentsOf: ";\(key)=".utf8)
                for name in names {
                    bytes.append(UInt8(ascii: " "))
                    JSONString.append(name, to: &bytes)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

extension AccessManifest {
    /// `rules`' ids (`AccessRule.id`), in their order; fails when two rules share one, which would let a reader of
    /// one rule see the links of the other.
    public func ruleIDs() throws -> [String] {
        let ids = rules.map(\.id)
        var seen: [String: Int] = [:]
        for (number, id) in ids.enumerated() {
            if let other = seen.updateValue(number, forKey: id) {
                throw ManifestError(
                    "the access rules '\(rules[other].summary)' and '\(rules[number].summary)' share the id \(id) "
                        + "(a chance of about one in a trillion for two rules): change one of them, e.g. by listing its names in another "
                        + "order, and build again")
            }
        }
        return ids
    }
}
