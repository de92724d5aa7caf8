/// The numbers of the manifest's rules a reader satisfies, and the one spelling of them the three places that
/// meet over them share: `sitegen-auth` answers each check with them (`X-Auth-Access: ,0,2,`), nginx keeps
/// them in `$sitegen_access` (`deploy/nginx/sitegen-auth.conf`), the preview sets that variable itself, and the
/// build wraps each link to a page that is not public in the SSI condition that is true exactly for the
/// readers of its rule.
///
/// ```swift
/// SatisfiedRules([0, 2]).value                            // ",0,2,"
/// SatisfiedRules.condition(forRule: 2)                   // "$sitegen_access = /,2,/"
/// SatisfiedRules.signedInCondition                        // "$sitegen_user"
/// ```
public struct SatisfiedRules: Sendable, Equatable {
    /// The header `sitegen-auth` answers a check with.
    public static let header = "X-Auth-Access"
    /// The nginx variable the header is kept in (without `$`), which the theme's SSI reads.
    public static let variable = "sitegen_access"
    /// The nginx variable that holds the signed-in reader's object id, empty for anonymous readers.
    public static let userVariable = "sitegen_user"

    /// Rule numbers, ascending.
    public let numbers: [Int]

    /// The rules numbered `numbers`.
    public init(_ numbers: [Int]) {
        self.numbers = numbers
    }

    /// The header's and the variable's value: each number between commas, `,0,2,`; `,,` when there is none.
    /// The commas on both sides let a condition find `,2,` without matching 12 or 21.
    public var value: String {
        "," + numbers.map(String.init).joined(separator: ",") + ","
    }

    /// The SSI `expr` true exactly for readers who satisfy rule `number`.
    public static func condition(forRule number: Int) -> String {
        "$\(variable) = /,\(number),/"
    }

    /// The SSI `expr` true exactly for signed-in readers, for links to `signed-in` pages: a plain test, which
    /// nginx evaluates at about twice the speed of the regular expression `condition(forRule:)` needs.
    public static let signedInCondition = "$" + userVariable
}
