import ArgumentParser
import EntraAuth
import Foundation

/// `--config FILE`, shared by every command: the `[auth]` table of a TOML file, or the environment without one.
struct ConfigOption: ParsableArguments {
    @Option(name: .long, help: "The TOML config file with an [auth] table (default: the environment variables).")
    var config: String?

    /// The validated settings; a configuration problem is printed and ends the command with status 1.
    func load() throws -> AuthConfig {
        do {
            return try config.map { try AuthConfig.load(file: $0) }
                ?? AuthConfig.load(environment: ProcessInfo.processInfo.environment)
        } catch let error as AuthError where error.kind == .config {
            FileHandle.standardError.write(Data("sitegen-auth: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }
}
