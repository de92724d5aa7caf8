import ArgumentParser
import AuthServing
import EntraAuth
import Foundation
import HTTPServing

/// `sitegen-auth serve` (the default): the auth handler behind a web server, over FastCGI (nginx `auth_request`,
/// the Authorizer role of Apache and lighttpd), plain CGI or HTTP (Caddy, Traefik).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Serve the auth check, sign-in, the callback and sign-out to a web server over FastCGI, CGI or HTTP (the default).",
        discussion: """
            The web server asks /.auth/check before it serves each protected file, and \
            sitegen-auth answers from the session cookie: 204 (let the reader in), 401 (sign in \
            first) or 403 (not for this reader). It runs the sign-in at /.auth/login and at the \
            redirect URI's path, and signs out at /.auth/logout through Microsoft's logout page.

            Settings come from the [auth] table of a TOML file (--config, or the file \
            $SITEGEN_AUTH_CONFIG names), or else from environment variables: CLIENT_ID, \
            CLIENT_SECRET, AUTHORITY (or OIDC_AUTHORITY for another provider), REDIRECT_URI and \
            COOKIE_SECRET, and optional ones such as SESSION_STORE and RECHECK_EVERY (the page \
            "sitegen-auth configuration" in the guide lists them all). \
            Secrets are never accepted on the command line. --check-config validates the \
            settings, fetches the provider's discovery and keys, and says what is wrong.

            nginx (auth_request) talks FastCGI to it. Give --listen unix:PATH and nginx's group \
            in --socket-group (the socket gets mode 0660), or hand it the socket on file \
            descriptor 0, as systemd socket activation and spawn-fcgi do (deploy/nginx, \
            deploy/systemd):
              sitegen-auth --config /etc/sitegen/auth.toml \\
                  --listen unix:/run/sitegen-auth/auth.sock --socket-group www-data
              spawn-fcgi -s /run/sitegen-auth/auth.sock -- \\
                  sitegen-auth --config /etc/sitegen/auth.toml

            Apache (mod_authnz_fcgi) and lighttpd talk FastCGI to the same server, which \
            answers them as an Authorizer (FCGI_ROLE=AUTHORIZER) with the reader in Variable-* \
            headers (deploy/apache, deploy/lighttpd).

            Caddy (forward_auth) and Traefik (forwardAuth) talk HTTP: --listen-http HOST:PORT \
            serves the same endpoints over plain HTTP (deploy/caddy, deploy/traefik). There \
            /.auth/check takes the page from X-Forwarded-Uri and answers 204 with X-Auth-* \
            headers, 403, or, instead of 401, the redirect to sign-in. The address must be \
            loopback unless --http-allow-remote is given. With --listen-http, FastCGI is served \
            only if --listen names an address too.
              sitegen-auth --config /etc/sitegen/auth.toml \\
                  --listen-http 127.0.0.1:9091

            Any web server can run it as a plain CGI program (fcgiwrap, for one; \
            deploy/nginx/sitegen-auth-cgi.conf). A CGI program gets no arguments, so \
            SITEGEN_AUTH_CONFIG names its config file. Each request loads only what it needs: the \
            check and /.auth/me never reach the identity provider, and sign-in reads the \
            provider's discovery and keys from cache_dir, fetching them when they are due. A \
            session due for its re-check is re-checked after the answer, by a process detached \
            from the web server that logs to syslog. A CGI process lives for one request, so \
            metrics need the FastCGI or HTTP server.

            Auth checks never wait behind sign-ins: callbacks, which call the token endpoint, \
            and re-checks of sessions (recheck_every) run on --network-workers threads of their \
            own. If accepting connections keeps failing (the socket is gone, or a minute passes \
            without success), it exits with status 1 so that systemd restarts it. On SIGTERM or \
            SIGINT, the requests in flight finish, then it exits.

            Metrics for Prometheus are off unless --metrics-listen names an address; then \
            GET http://ADDRESS/metrics answers in the text format, on a listener of its own and \
            never through the web server: auth checks by outcome and how long they took, \
            sign-ins and why they failed (with Entra's AADSTS codes), token endpoint latency, key \
            and manifest reloads, sessions started, ended and active, memory and file \
            descriptors. Counting costs a check two clock readings and three atomic additions. \
            /metrics has no sign-in, so the address must be loopback (127.0.0.1, [::1]) unless \
            --metrics-allow-remote is given; keep such a port behind a firewall.
              sitegen-auth --config /etc/sitegen/auth.toml \\
                  --metrics-listen 127.0.0.1:9464
              curl -s http://127.0.0.1:9464/metrics | grep sitegen_auth_checks_total
            """,
        version: BuildInfo.version
    )

    @OptionGroup var settings: ConfigOption

    @Option(name: .long, help: "Where to listen: unix:PATH or HOST:PORT (default: file descriptor 0).")
    var listen: String?

    @Option(
        name: .long,
        help: """
            Threads answering auth checks, sign-in and sign-out (never waiting on the network). \
            (default: twice the number of CPUs, at least 4)
            """)
    var workers: Int?

    @Option(
        name: .long,
        help: "Threads completing sign-ins at the identity provider's token endpoint; more wait in a queue of 4 each.")
    var networkWorkers = 16

    @Option(
        name: .long,
        help: "Group that may connect to the --listen unix socket (mode 0660), e.g. www-data, nginx's user's group.")
    var socketGroup: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Serve Prometheus metrics at http://HOST:PORT/metrics, e.g. 127.0.0.1:9464 (default: off).",
            valueName: "host:port"))
    var metricsListen: String?

    @Flag(
        name: .long,
        help: "Allow a --metrics-listen address other than loopback; /metrics has no sign-in, so firewall it.")
    var metricsAllowRemote = false

    @Option(
        name: .customLong("listen-http"),
        help: ArgumentHelp(
            "Serve forward auth for Caddy and Traefik over HTTP, e.g. 127.0.0.1:9091 (default: off).",
            valueName: "host:port"))
    var listenHTTP: String?

    @Flag(
        name: .customLong("http-allow-remote"),
        help: "Allow a --listen-http address other than loopback; anyone reaching it can ask any check, so firewall it."
    )
    var httpAllowRemote = false

    @Flag(name: .long, help: "Validate the config, fetch discovery and keys, print a report and exit 0 or 1.")
    var checkConfig = false

    func validate() throws {
        guard workers.map({ $0 >= 1 }) ?? true else { throw ValidationError("--workers must be at least 1") }
        guard networkWorkers >= 1 else { throw ValidationError("--network-workers must be at least 1") }
        if let socketGroup, getgrnam(socketGroup) == nil {
            throw ValidationError("--socket-group '\(socketGroup)' is not a group on this system")
        }
        if let listen, ListenAddress(listen) == nil {
            throw ValidationError("--listen must be unix:PATH or HOST:PORT, not '\(listen)'")
        }
        _ = try metricsAddress()
        if metricsAllowRemote, metricsListen == nil {
            throw ValidationError("--metrics-allow-remote only applies with --metrics-listen")
        }
        _ = try httpAddress()
        if httpAllowRemote, listenHTTP == nil {
            throw ValidationError("--http-allow-remote only applies with --listen-http")
        }
    }

    /// The resolved `--listen-http` address, nil without one.
    func httpAddress() throws -> LoopbackAddress? {
        guard let listenHTTP else { return nil }
        do {
            return try LoopbackAddress(
                listenHTTP, allowRemote: httpAllowRemote, option: "--listen-http",
                remoteRisk: "Whoever reaches it can ask sitegen-auth any check and send sign-in callbacks past the "
                    + "web server: listen on 127.0.0.1 beside Caddy or Traefik, or add --http-allow-remote and "
                    + "firewall the port so only the proxy reaches it.")
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// The resolved `--metrics-listen` address, nil without one.
    func metricsAddress() throws -> LoopbackAddress? {
        guard let metricsListen else { return nil }
        do {
            return try .metrics(metricsListen, allowRemote: metricsAllowRemote)
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        if checkConfig {
            // The report says what the service would log at start (a manifest it cannot load, say), as its own line.
            let report = AuthService(config: try settings.load(), log: AuthLog { _ in }).checkReport()
            print(report.text)
            throw report.ok ? ExitCode.success : ExitCode.failure
        }
        if listen == nil, listenHTTP == nil, ListeningSocket.startedAsCGI() {
            try Self.answerOneRequest(configFile: settings.config)
            return
        }
        let metricsAddress = try self.metricsAddress()
        let network = NetworkWorkers(threads: networkWorkers, queueLimit: networkWorkers * 4)
        let service = AuthService(
            config: try settings.load(), metrics: metricsAddress.map { _ in AuthMetrics() }, background: network)
        if let metricsAddress, let page = service.metricsPage {
            let listener = try MetricsListener(address: metricsAddress, page: page.render)
            listener.start()
            service.log.write(event: "metrics_listening", ["address": metricsAddress.text, "port": "\(listener.port)"])
        }
        do {
            try service.start()
        } catch let error as AuthError where error.kind == .config {
            ErrorOutput.write(error.description)
            throw ExitCode.failure
        }
        let router = service.endpoints.router
        let workers = self.workers ?? max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
        let http = try httpAddress().map { address in
            let listener = try HTTPListener(
                host: address.host, port: address.port, router: router, origin: service.config.origin,
                threads: workers, network: network)
            service.log.write(event: "http_listening", ["address": address.text, "port": "\(listener.port)"])
            return listener
        }
        let socket: Int32? =
            try listen.flatMap(ListenAddress.init).map {
                try ListeningSocket.open($0, group: socketGroup.flatMap { getgrnam($0)?.pointee.gr_gid })
            } ?? (http == nil ? ListeningSocket.inherited : nil)
        let responder = FastCGIResponder(router: router, acceptors: workers, network: network, log: service.log)
        let signals = ShutdownSignals {
            http?.stop()
            if let socket { responder.stop(listening: socket) }
        }
        if let socket { responder.start(listening: socket) }
        withExtendedLifetime(signals) {
            while true { sleep(3600) }
        }
    }
}

extension Serve {
    /// Started as a plain CGI program: answers the request in the environment and returns. Only what the request
    /// needs is loaded (`AuthService.Lifetime.oneRequest`); a session's re-check the answer found due runs after it,
    /// detached from the web server (`AfterAnswerWork`).
    static func answerOneRequest(configFile: String?) throws {
        let afterAnswer = AfterAnswerWork()
        let service = AuthService(
            config: try ConfigOption.load(file: configFile), log: CGILog.shared.log, lifetime: .oneRequest,
            background: afterAnswer)
        let environment = ProcessInfo.processInfo.environment.map { (name: $0.key, value: $0.value) }
        FileHandle.standardOutput.write(Data(OneShotCGI.respond(to: environment, router: service.endpoints.router)))
        afterAnswer.runDetached(beforeForking: service.endpoints.sessions.store.closeIdleConnections)
    }
}
