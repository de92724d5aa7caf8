import Foundation
import TextTools

/// The Prometheus text exposition format, version 0.0.4: what `GET /metrics` answers.
///
/// ```
/// # HELP sitegen_auth_checks_total Auth checks answered, by outcome.
/// # TYPE sitegen_auth_checks_total counter
/// sitegen_auth_checks_total{outcome="allowed"} 1027
/// ```
enum PrometheusText {
    /// The `Content-Type` of the page.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The families, one `# HELP` and `# TYPE` line each, then their samples.
    static func render(_ families: [MetricFamily]) -> String {
        var text = ""
        for family in families {
            text += "# HELP \(family.name) \(escapedHelp(family.help))\n"
            text += "# TYPE \(family.name) \(family.kind.rawValue)\n"
            for sample in family.samples {
                text += sample.name
                if !sample.labels.isEmpty {
                    text += "{"
                    text += sample.labels.map { "\($0.name)=\"\(escapedLabelValue($0.value))\"" }.joined(separator: ",")
                    text += "}"
                }
                text += " \(sample.value.text)\n"
            }
        }
        return text
    }

    /// Label values escape backslash, double quote and line feed, scalar by scalar (`"\r\n"` is one character).
    static func escapedLabelValue(_ value: String) -> String {
        escaped(value, quote: true)
    }

    /// Help text escapes backslash and line feed (a double quote stays as it is).
    static func escapedHelp(_ help: String) -> String {
        escaped(help, quote: false)
    }

    private static func escaped(_ text: String, quote: Bool) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\"" where quote: "\\\""
            default: nil
            }
        }
    }
}
