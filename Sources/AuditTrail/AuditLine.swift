import Foundation

/// Reads one JSON line of the audit log into an `AuditEntry`, or says why it is not one.
enum AuditLine {
    /// The fields as nginx writes them; identity fields are empty (or `-`) for anonymous requests and absent in
    /// lines written before the `check` field existed.
    private struct Fields: Decodable {
        let time: String
        let oid: String?
        let name: String?
        let email: String?
        let tenant: String?
        let method: String
        let path: String
        let status: Int
        let bytes: Int
        let check: String?
    }

    static func parse(_ line: Substring) throws(AuditError) -> AuditEntry {
        let fields: Fields
        do {
            fields = try JSONDecoder().decode(Fields.self, from: Data(line.utf8))
        } catch {
            throw AuditError("not a line of the sitegen_audit log format (\(reason(error)))")
        }
        guard let time = AuditTime.parse(fields.time) else {
            throw AuditError("'time' is not an ISO 8601 time: \(fields.time)")
        }
        return AuditEntry(
            time: time, oid: dash(fields.oid), name: dash(fields.name), email: dash(fields.email),
            tenant: dash(fields.tenant), method: fields.method, path: fields.path, status: fields.status,
            bytes: fields.bytes, check: dash(fields.check))
    }

    /// nginx writes `-` for a variable a request never set.
    private static func dash(_ value: String?) -> String {
        guard let value, value != "-" else { return "" }
        return value
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        default: "not JSON"
        }
    }
}
