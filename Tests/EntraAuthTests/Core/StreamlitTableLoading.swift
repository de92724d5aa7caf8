import Foundation
import Testing

@testable import EntraAuth

/// A suite that loads the `[auth]` table users paste from Streamlit's `secrets.toml`, or a variant of it, from a
/// temporary folder, as sitegen-auth loads its config file.
protocol StreamlitTableLoading {
    var folder: TemporaryFolder { get }
}

extension StreamlitTableLoading {
    static var secret: String { strongSecret("cookie") }
    static var streamlit: String {
        """
        [auth]
        redirect_uri = "https://site.example/oauth2callback"
        cookie_secret = "\(secret)"
        client_id = "\(TestProvider.clientID)"
        client_secret = "Xq8~client.secret"
        server_metadata_url = "https://login.microsoftonline.com/consumers/v2.0/.well-known/openid-configuration"
        """
    }

    func load(_ text: String) throws -> AuthConfig {
        try AuthConfig.load(file: try folder.write("auth.toml", text))
    }

    /// The Streamlit table with `line` added (or replacing the key it sets).
    func load(with line: String) throws -> AuthConfig {
        try load(variant(line))
    }

    func variant(_ line: String) -> String {
        let key = line.split(separator: "=")[0].trimmingCharacters(in: .whitespaces)
        let kept = Self.streamlit.split(separator: "\n").filter { !$0.hasPrefix(key + " ") }
        return (kept + [Substring(line)]).joined(separator: "\n") + "\n"
    }

    /// The message of the `AuthError` (kind `.config`) loading `text` throws.
    func error(_ text: String) -> String {
        let error = #expect(throws: AuthError.self) { try load(text) }
        return error?.description ?? ""
    }
}
