/// The ids of the manifest's rules a reader satisfies (`AccessRule.id`), and the one spelling of them the three
/// places that meet over them share: `sitegen-auth` answers each check with them
/// (`X-Auth-Access: ,k4vz2mqa,q7hc3xte,`), nginx keeps them in `$sitegen_access` (`deploy/nginx/sitegen-auth.conf`),
/// the preview sets that variable itself, and the build wraps each link to a page that is not public in the SSI
/// condition that is true exactly for the readers of its rule.
///
/// ```swift
/// SatisfiedRules(["k4vz2mqa", "q7hc3xte"]).value        // ",k4vz2mqa,q7hc3xte,"
/// SatisfiedRules.condition(forRule: "q7hc3xte")         // "$sitegen_access = /,q7hc3xte,/"
/// SatisfiedRules.signedInCondition                        // "$sitegen_user"
/// ```
public struct SatisfiedRules: Sendable, Equatable {
    /// The header `sitegen-auth` answers a check with.
    public static let header = "X-Auth-Access"
    /// The nginx variable the header is kept in (without `$`), which the theme's SSI reads.
    public static let variable = "sitegen_access"
    /// The nginx variable that holds the signed-in reader's object id, empty for anonymous readers.
    public static let userVariable = "sitegen_user"

    /// Rule ids, in the manifest's order of the rules.
    public let ids: [String]

    /// The rules whose ids are `ids`.
    public init(_ ids: [String]) {
        self.ids = ids
    }

    /// The header's and the variable's value: each id between commas, `,k4vz2mqa,q7hc3xte,`; `,,` when there is
    /// none. The commas on both sides let a condition find one whole id.
    public var value: String {
        "," + ids.joined(separator: ",") + ","
    }

    /// The SSI `expr` true exactly for readers who satisfy the rule whose id is `id`.
    public static func condition(forRule id: String) -> String {
        "$\(variable) = /,\(id),/"
    }

    /// The SSI `expr` true exactly for signed-in readers, for links to `signed-in` pages: a plain test, which
    /// nginx evaluates at about twice the speed of the regular expression `condition(forRule:)` needs.
    public static let signedInCondition = "$" + userVariable
}
