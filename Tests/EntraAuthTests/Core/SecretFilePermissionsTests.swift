import Foundation
import Testing

@testable import EntraAuth

/// Files holding the cookie secret, the client secret or the certificate key must not be readable by other users:
/// sitegen-auth warns at start, and `--check-config` fails.
struct SecretFilePermissionsTests {
    let folder = TemporaryFolder()

    func config(secretsIn mode: mode_t, inline: Bool = false) throws -> AuthConfig {
        let cookie = try folder.write("cookie.secret", strongSecret("cookie") + "\n")
        let client = try folder.write("client.secret", "from-a-file\n")
        chmod(cookie, mode)
        chmod(client, 0o600)
        let secrets =
            inline
            ? "cookie_secret = \"\(strongSecret("inline"))\"\nclient_secret = \"inline\"\n"
            : "cookie_secret_file = \"cookie.secret\"\nclient_secret_file = \"\(client)\"\n"
        let file = try folder.write(
            "auth.toml",
            """
            [auth]
            redirect_uri = "https://site.example/.auth/callback"
            client_id = "\(TestProvider.clientID)"
            server_metadata_url = "http://127.0.0.1:9/v2.0/.well-known/openid-configuration"
            session_store = "sqlite:\(folder.path)/sessions.db"
            cache_dir = "\(folder.path)/cache"
            manifest = "\(folder.path)/access.json"
            \(secrets)
            """)
        chmod(file, inline ? mode : 0o600)
        return try AuthConfig.load(file: file)
    }

    @Test func theFilesSecretsCameFromAreKnown() throws {
        #expect(
            try config(secretsIn: 0o600).secretFiles == [
                folder.path + "/cookie.secret", folder.path + "/client.secret",
            ])
        #expect(try config(secretsIn: 0o600, inline: true).secretFiles == [folder.path + "/auth.toml"])
    }

    @Test(arguments: [0o644, 0o604, 0o444])
    func aSecretEveryUserMayReadIsNamedWithTheFix(mode: Int) throws {
        for inline in [false, true] {
            let config = try config(secretsIn: mode_t(mode), inline: inline)
            let problems = SecretFilePermissions.problems(in: config.secretFiles)
            let named = inline ? "auth.toml" : "cookie.secret"
            #expect(problems.count == 1)
            #expect(problems.first?.contains("/\(named)' holds a secret and every user may read it") == true)
            #expect(problems.first?.contains("umask 077") == true)
        }
    }

    @Test func aSecretItsGroupMayReadIsAProblemUnlessTheGroupIsTheServicesOwn() throws {
        let config = try config(secretsIn: 0o640)
        #expect(
            SecretFilePermissions.problems(in: config.secretFiles, serviceGroup: getegid()).isEmpty,
            "the service's own group")
        let problems = SecretFilePermissions.problems(in: config.secretFiles, serviceGroup: getegid() &+ 1)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("the members of group \(getegid())") == true)
    }

    /// `sudo sitegen-auth --check-config` runs as root, whose group is not the service's: the package's
    /// `root:sitegen-auth 0640` file is private, and only another group's read is a problem.
    @Test func runAsRootTheServiceGroupIsSitegenAuths() throws {
        let named: (String) -> gid_t? = { $0 == "sitegen-auth" ? 4242 : nil }
        #expect(SecretFilePermissions.serviceGroup(effectiveUser: 0, groupNamed: named) == 4242)
        #expect(SecretFilePermissions.serviceGroup(effectiveUser: 0, groupNamed: { _ in nil }) == getegid())
        #expect(SecretFilePermissions.serviceGroup(effectiveUser: 1000, groupNamed: named) == getegid())
        let config = try config(secretsIn: 0o640)
        let files = config.secretFiles
        for file in files { chown(file, geteuid(), 4242) }
        defer { for file in files { chown(file, geteuid(), getegid()) } }
        guard (try? FileManager.default.attributesOfItem(atPath: files[0])[.groupOwnerAccountID] as? Int) == 4242 else {
            return  // not root: the file's group cannot be changed here, and the first expectations said it all
        }
        let asRoot = SecretFilePermissions.serviceGroup(effectiveUser: 0, groupNamed: named)
        #expect(SecretFilePermissions.problems(in: files, serviceGroup: asRoot).isEmpty)
        #expect(SecretFilePermissions.problems(in: files, serviceGroup: 0).count == 1, "root's own group is not it")
    }

    @Test func privateSecretsAreNoProblem() throws {
        #expect(SecretFilePermissions.problems(in: try config(secretsIn: 0o600).secretFiles).isEmpty)
        #expect(SecretFilePermissions.problems(in: try config(secretsIn: 0o400, inline: true).secretFiles).isEmpty)
    }

    @Test func checkConfigFailsAndStartWarnsOnASecretOthersMayRead() throws {
        let logs = LogCapture()
        let clock = MovableClock(Date())
        let service = AuthService(
            config: try config(secretsIn: 0o644), http: FakeHTTPClient(), time: clock, log: logs.log(time: clock))
        let report = service.checkReport()
        #expect(!report.ok)
        #expect(report.text.contains("secret file: FAILED — '\(folder.path)/cookie.secret' holds a secret"))
        service.logConfigWarnings()
        #expect(logs.lines.contains { $0.contains("event=config_warning") && $0.contains("cookie.secret") })
        #expect(!logs.lines.contains { $0.contains(strongSecret("cookie")) }, "never the secret itself")
    }

    @Test func checkConfigReportsNoSecretFileProblemWhenPrivate() throws {
        let service = AuthService(config: try config(secretsIn: 0o600), http: FakeHTTPClient())
        #expect(!service.checkReport().text.contains("secret file"))
    }
}
