import ArgumentParser
import EntraAuth

/// `sitegen-auth`: Microsoft Entra ID sign-in for a sitegen site; `serve` unless another command is named.
struct SitegenAuth: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sitegen-auth",
        abstract: "Microsoft Entra ID sign-in for a sitegen site, behind nginx, Apache, lighttpd, Caddy or Traefik.",
        discussion: """
            Without a command it serves: the web server asks it before serving each protected \
            page, and it signs readers in and out (see `sitegen-auth serve --help`). \
            `sitegen-auth sessions` lists readers' sessions and ends them; `sitegen-auth audit` \
            says who read what.

            Examples:
              sitegen-auth --config /etc/sitegen/auth.toml --check-config
              sitegen-auth sessions list --config /etc/sitegen/auth.toml
              sitegen-auth sessions revoke --config /etc/sitegen/auth.toml \\
                  --user OBJECT-ID
              sitegen-auth audit --path /finance/ --since 30d
            """,
        version: BuildInfo.version,
        subcommands: [Serve.self, SessionsCommand.self, AuditCommand.self],
        defaultSubcommand: Serve.self
    )
}
