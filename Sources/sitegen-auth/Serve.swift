import ArgumentParser
import EntraAuth
import Foundation

/// `sitegen-auth serve` (the default): the FastCGI auth handler behind nginx `auth_request`.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve FastCGI for nginx: the auth check, sign-in, the callback and sign-out (the default).",
        discussion: """
            nginx asks /.auth/check before serving each protected file; sitegen-auth answers from the sealed
            session cookie (204, 401 or 403), runs the sign-in at /.auth/login and the redirect URI's path,
            and signs out at /.auth/logout through Microsoft's logout page.

            Settings come from the [auth] table of a TOML file (--config), or, without one, from the
            environment variables CLIENT_ID, CLIENT_SECRET, AUTHORITY (or OIDC_AUTHORITY), REDIRECT_URI and
            COOKIE_SECRET. Secrets are never accepted on the command line.

            Examples:
              sitegen-auth --config /etc/sitegen/auth.toml --check-config
              sitegen-auth --config /etc/sitegen/auth.toml --listen unix:/run/sitegen-auth/auth.sock --socket-group www-data
              spawn-fcgi -s /run/sitegen-auth/auth.sock -- sitegen-auth --config /etc/sitegen/auth.toml

            Without --listen it serves FastCGI on file descriptor 0 (systemd socket activation,
            spawn-fcgi); started by a web server as a plain CGI program, it answers one request.
            A --listen unix socket gets mode 0660: nginx's user must own it or be in --socket-group.
            Auth checks never wait behind sign-ins: callbacks, which call the token endpoint, run on
            --network-workers threads of their own. If accepting connections keeps failing (the socket
            is gone, or a minute without success), it exits with status 1 so systemd restarts it.
            SIGTERM or SIGINT: in-flight requests finish, then it exits.
            """,
        version: "0.1.0"
    )

    @OptionGroup var settings: ConfigOption

    @Option(name: .long, help: "Where to listen: unix:PATH or HOST:PORT (default: file descriptor 0).")
    var listen: String?

    @Option(name: .long, help: "Threads answering auth checks, sign-in and sign-out (never waiting on the network).")
    var workers: Int = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)

    @Option(
        name: .long,
        help: "Threads completing sign-ins at the identity provider's token endpoint; more wait in a queue of 4 each.")
    var networkWorkers = 16

    @Option(
        name: .long,
        help: "Group that may connect to the --listen unix socket (mode 0660), e.g. www-data, nginx's user's group.")
    var socketGroup: String?

    @Flag(name: .long, help: "Validate the config, fetch discovery and keys, print a report and exit 0 or 1.")
    var checkConfig = false

    func validate() throws {
        guard workers >= 1 else { throw ValidationError("--workers must be at least 1") }
        guard networkWorkers >= 1 else { throw ValidationError("--network-workers must be at least 1") }
        if let socketGroup, getgrnam(socketGroup) == nil {
            throw ValidationError("--socket-group '\(socketGroup)' is not a group on this system")
        }
        if let listen, ListenAddress(listen) == nil {
            throw ValidationError("--listen must be unix:PATH or HOST:PORT, not '\(listen)'")
        }
    }

    func run() throws {
        let service = AuthService(config: try settings.load())
        if checkConfig {
            let report = service.checkReport()
            print(report.text)
            throw report.ok ? ExitCode.success : ExitCode.failure
        }
        service.start()
        let server = FastCGIServer(
            handler: service.handler, acceptors: workers, networkWorkers: networkWorkers, log: service.log)
        try server.serve(
            on: listen.flatMap(ListenAddress.init), socketGroup: socketGroup.flatMap { getgrnam($0)?.pointee.gr_gid })
    }
}
