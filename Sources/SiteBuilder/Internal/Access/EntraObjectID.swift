/// Entra ID names groups, tenants and users by object ids: GUIDs such as `5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70`.
enum EntraObjectID {
    /// An example for error messages.
    static let example = "5f1c2e4a-0b6d-4c8e-9f1a-2b3c4d5e6f70"

    /// True for the 8-4-4-4-12 hexadecimal form, in either case.
    static func isValid(_ text: String) -> Bool {
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        guard groups.map(\.count) == [8, 4, 4, 4, 12] else { return false }
        return groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }
}
