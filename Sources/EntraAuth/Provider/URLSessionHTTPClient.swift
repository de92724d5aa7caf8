public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// The real `HTTPClient`: an ephemeral URLSession with no cache and a short timeout.
///
/// Entra sends `Cache-Control: max-age=86400` on discovery and keys; a caching session would hide a key
/// rotation for a day, and the default 60 s timeout would hang a browser on a stalled provider.
public final class URLSessionHTTPClient: HTTPClient, @unchecked Sendable {
    private let timeout: TimeInterval
    private let lock = NSLock()
    /// Made at the first request: a process that answers one request (CGI) mostly never sends one.
    private var made: URLSession?

    /// Creates a client whose requests give up after `timeout` seconds. Entra answers in well under a second; a
    /// sign-in that waits longer is better told to try again than left hanging.
    public init(timeout: TimeInterval = 5) {
        self.timeout = timeout
    }

    /// Sends the request and waits for the answer on the calling thread (FastCGI workers are threads).
    public func send(_ request: URLRequest) throws -> HTTPAnswer {
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response, error: error)
            done.signal()
        }.resume()
        done.wait()
        return try box.answer()
    }

    private var session: URLSession {
        lock.withLock {
            if let made { return made }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            let session = URLSession(configuration: configuration)
            made = session
            return session
        }
    }

    private final class AnswerBox: @unchecked Sendable {
        private var result: Result<HTTPAnswer, any Error> = .failure(URLError(.unknown))

        func set(data: Data?, response: URLResponse?, error: (any Error)?) {
            if let error {
                result = .failure(error)
            } else if let http = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for case (let name as String, let value as String) in http.allHeaderFields { headers[name] = value }
                result = .success(HTTPAnswer(status: http.statusCode, body: data ?? Data(), headers: headers))
            }
        }

        func answer() throws -> HTTPAnswer { try result.get() }
    }
}
