import Dispatch
import Foundation

/// SIGTERM and SIGINT end a serving process gracefully: `stop` runs (stop accepting, let requests in flight
/// finish), then the process exits 0. (Unchecked `Sendable`: the sources are set once and only kept alive.)
public final class ShutdownSignals: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    /// Installs the handlers; keep the value for as long as the process serves.
    public init(stop: @escaping @Sendable () -> Void) {
        sources = [SIGTERM, SIGINT].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                stop()
                exit(0)
            }
            source.resume()
            return source
        }
    }
}
