/// The pages a refused sign-in shows: every one but a sign-in that cannot start names a correlation id that ties it
/// to its log line.
enum SignInPages {
    /// The page for a sign-in that cannot start because the identity provider's discovery and keys are not at hand.
    static func unavailable(retry: String) -> Response {
        HTMLPage.render(
            status: 503,
            title: "Sign-in is unavailable",
            paragraphs: ["The sign-in service cannot be reached right now. Please try again in a minute."],
            links: [("Try again", retry)]
        )
    }

    /// The page for a callback whose attempt is unknown, expired or already completed.
    static func expiredAttempt(correlation: String) -> Response {
        HTMLPage.render(
            status: 400,
            title: "This sign-in link has expired",
            paragraphs: [
                "The sign-in attempt could not be matched to this browser. It may have taken longer than "
                    + "10 minutes, been completed already, or the link was opened in another browser. Please sign in again."
            ],
            details: [("Correlation id", correlation)],
            links: [("Sign in again", "/.auth/login?rd=/")]
        )
    }

    /// The page for an OAuth error from the provider: what it means for the reader, and the details for the admin.
    static func providerError(_ answer: AuthError.ProviderAnswer, correlation: String, retry: String) -> Response {
        let explanation =
            switch answer.error {
            case "access_denied":
                "Sign-in was cancelled, or permission to this site was not granted."
            case "consent_required", "interaction_required":
                "An administrator of your organisation must grant this site permission before you can sign in."
            case "login_required":
                "You need to sign in again."
            case "temporarily_unavailable", "server_error":
                "The sign-in service had a temporary problem. Please try again in a moment."
            case "invalid_client", "unauthorized_client", "invalid_request", "invalid_grant":
                "The site's sign-in settings do not match its app registration. Please tell the site administrator."
            default:
                "The sign-in service refused the request."
            }
        var details = [("Error", answer.error)]
        if let code = answer.aadstsCode { details.append(("Code", code)) }
        if !answer.description.isEmpty { details.append(("Details", answer.description)) }
        details.append(("Correlation id", correlation))
        return HTMLPage.render(
            status: 403,
            title: "Sign-in was not completed",
            paragraphs: [explanation, "If this keeps happening, send the details below to the site administrator."],
            details: details,
            links: [("Try again", retry)]
        )
    }

    /// A sign-in refused for a reason `message` explains, with a link to try again.
    static func refusal(_ message: String, correlation: String, retry: String, status: Int = 403) -> Response {
        HTMLPage.render(
            status: status,
            title: "Sign-in was not completed",
            paragraphs: [message],
            details: [("Correlation id", correlation)],
            links: [("Try again", retry)]
        )
    }
}
