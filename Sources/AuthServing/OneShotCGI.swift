public import EntraAuth

/// The CGI transport: a web server starts the program once per request, with the request in the environment, and
/// reads the answer from standard output. Every route is answered at once, the callback included.
///
/// ```swift
/// let bytes = OneShotCGI.respond(to: ProcessInfo.processInfo.environment.map { ($0.key, $0.value) }, router: router)
/// FileHandle.standardOutput.write(Data(bytes))
/// ```
public enum OneShotCGI {
    /// The CGI answer (`Status:`, headers, body) to the request in `environment`.
    public static func respond(to environment: some Sequence<(name: String, value: String)>, router: Router)
        -> [UInt8]
    {
        router.respond(to: CGIEnvironment.request(from: environment)).cgiBytes
    }
}
