import ArgumentParser
import EntraAuth
import Foundation

/// `--config FILE`, shared by every command: the `[auth]` table of a TOML file, or the environment without one.
struct ConfigOption: ParsableArguments {
    /// Names the config file when `--config` does not: a web server starts a CGI program without arguments, and
    /// passes its own parameters (nginx's `fastcgi_param` through fcgiwrap) as the environment.
    static let variable = "SITEGEN_AUTH_CONFIG"

    @Option(
        name: .long,
        help:
            "The TOML config file with an [auth] table (default: $SITEGEN_AUTH_CONFIG, else the environment variables)."
    )
    var config: String?

    /// The validated settings; a configuration problem is printed and ends the command with status 1.
    func load() throws -> AuthConfig {
        try Self.load(file: config)
    }

    /// The settings of `file`, else of the file `SITEGEN_AUTH_CONFIG` names, else of the environment; a configuration
    /// problem is printed and ends the command with status 1.
    static func load(file: String?) throws -> AuthConfig {
        let environment = ProcessInfo.processInfo.environment
        let file = file ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        do {
            return try file.map { try AuthConfig.load(file: $0) } ?? AuthConfig.load(environment: environment)
        } catch let error as AuthError where error.kind == .config {
            ErrorOutput.write(error.description)
            throw ExitCode.failure
        }
    }
}
