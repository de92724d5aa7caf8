import ArgumentParser
import EntraAuth

/// `sitegen-auth`: Microsoft Entra ID sign-in for a sitegen site; `serve` unless another command is named.
struct SitegenAuth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen-auth",
        abstract: "Microsoft Entra ID sign-in for a sitegen site, as a FastCGI auth handler behind nginx.",
        discussion: """
            Without a command it serves (see `sitegen-auth serve --help`). `sitegen-auth sessions` lists
            and ends readers' sessions; `sitegen-auth audit` says who read what.

            Examples:
              sitegen-auth --config /etc/sitegen/auth.toml --check-config
              sitegen-auth sessions list --config /etc/sitegen/auth.toml
              sitegen-auth sessions revoke --config /etc/sitegen/auth.toml --user <object id>
              sitegen-auth audit --path /finance/ --since 30d
            """,
        version: BuildInfo.version,
        subcommands: [Serve.self, SessionsCommand.self, AuditCommand.self],
        defaultSubcommand: Serve.self
    )
}
