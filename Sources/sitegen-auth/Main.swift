import ArgumentParser
import AuthServing
import Foundation

/// The entry point. A web server starts a CGI program without arguments, so such a request is answered at once,
/// without building a command-line parser it would not use (ArgumentParser's set-up is a fifth of a CGI check's
/// instructions); everything else goes to `SitegenAuth`.
@main
enum Main {
    static func main() {
        guard CommandLine.arguments.count == 1, (try? ListeningSocket.startedAsCGI()) == true else {
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
