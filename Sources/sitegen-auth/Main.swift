import ArgumentParser
import AuthServing
import Foundation

/// The entry point. A web server starts a CGI program with `GATEWAY_INTERFACE` set (RFC 3875 4.1.4), and such a
/// request is only ever answered: its arguments are the server's, not an administrator's, for a server following
/// RFC 3875 4.4 (Apache's `mod_cgi`) makes a query without `=` into arguments, so `?sessions+revoke+--all` would
/// otherwise run that command. A CGI server that sets no `GATEWAY_INTERFACE` starts the program without arguments and
/// without a FastCGI socket. Either is answered at once, without building a command-line parser it would not use
/// (ArgumentParser's set-up is a fifth of a CGI check's instructions); everything else goes to `SitegenAuth`.
@main
enum Main {
    static func main() {
        let startedByWebServer = ProcessInfo.processInfo.environment["GATEWAY_INTERFACE"] != nil
        guard
            startedByWebServer
                || (CommandLine.arguments.count == 1 && ListeningSocket.startedAsCGI())
        else {
            SitegenAuth.main()
            return
        }
        do {
            try Serve.answerOneRequest(configFile: nil)
        } catch {
            exit(1)
        }
    }
}
