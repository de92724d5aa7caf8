import ArgumentParser
import EntraAuth
import Foundation

/// `sitegen-auth sessions list|revoke`: who is signed in, and ending their sessions at once.
struct SessionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: "List readers' sessions, or end them at once.",
        discussion: """
            Works on the store `session_store` names (SQLite or Redis), beside a running \
            service. Ending a session makes every copy of its cookie useless at once (nginx may \
            still answer a page it answered in the last 5 seconds).
            """,
        subcommands: [List.self, Revoke.self]
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List live sessions: session id, user (object id), name, created, last seen, expires.",
            discussion: """
                Examples:
                  sitegen-auth sessions list --config /etc/sitegen/auth.toml
                  sitegen-auth sessions list --config /etc/sitegen/auth.toml \\
                      --user 00000000-0000-0000-66f3-3332eca7ea81
                """
        )

        @OptionGroup var settings: ConfigOption

        @Option(name: .long, help: "Only the sessions of this user (Entra object id).")
        var user: String?

        func validate() throws {
            try SessionsCommand.checkObjectID(user)
        }

        func run() throws {
            let administration = SessionAdministration(config: try settings.load())
            try SessionsCommand.report { try administration.list(user: user) }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "End sessions at once: of a user, one session, or all.",
            discussion: """
                Examples:
                  sitegen-auth sessions revoke --config /etc/sitegen/auth.toml \\
                      --user 00000000-0000-0000-66f3-3332eca7ea81
                  sitegen-auth sessions revoke --config /etc/sitegen/auth.toml \\
                      --session 3q2-7wAbCdEfGhIjKlMnOp
                  sitegen-auth sessions revoke --config /etc/sitegen/auth.toml --all

                Entra keeps its own session: a revoked reader who is still signed in to Microsoft \
                signs in again without a password. To lock someone out, also block their sign-in \
                (or remove their role) in Entra.
                """
        )

        @OptionGroup var settings: ConfigOption

        @Option(name: .long, help: "End every session of this user (Entra object id).")
        var user: String?

        @Option(name: .long, help: "End this session (an id from `sessions list`).")
        var session: String?

        @Flag(name: .long, help: "End every session: every reader signs in again.")
        var all = false

        func validate() throws {
            guard [user != nil, session != nil, all].filter({ $0 }).count == 1 else {
                throw ValidationError("name exactly one of --user OID, --session ID or --all")
            }
            try SessionsCommand.checkObjectID(user)
        }

        func run() throws {
            let selection: SessionSelection =
                if let user { .user(objectID: user) } else if let session { .session(id: session) } else { .all }
            let administration = SessionAdministration(config: try settings.load())
            try SessionsCommand.report { try administration.revoke(selection) }
        }
    }

    /// Refuses a sign-in name where a user's object id belongs: it names no session, and "Ended 0 sessions" would
    /// leave an administrator believing the reader was locked out.
    static func checkObjectID(_ user: String?) throws {
        guard let user, user.contains("@") else { return }
        throw ValidationError(
            "--user takes the user's object id, as `sessions list` shows it (in Entra: Object ID on the user's "
                + "Overview page), not a sign-in name such as '\(user)'")
    }

    /// Prints the outcome, or the store's problem on stderr with status 1.
    static func report(_ outcome: () throws -> String) throws {
        do {
            print(try outcome())
        } catch let error as AuthError where error.kind == .sessionStore {
            ErrorOutput.write(error.description)
            throw ExitCode.failure
        }
    }
}
