import Foundation

/// Tells every open tab when a build changed what the preview shows, as server-sent events: each
/// stream sends the current build's name as soon as it opens and again whenever it changes, and a
/// comment every 15 seconds so a closed tab is noticed. A tab reloads when the name differs from
/// the one its page was served with (see `LiveReloadScript`).
public final class ReloadChannel: @unchecked Sendable {
    private let condition = NSCondition()
    private var build: String
    private var closed = false
    private let keepAliveSeconds: Double

    /// `build` names what the preview serves now; it must change with every change tabs should see.
    public init(build: String, keepAliveSeconds: Double = 15) {
        self.build = build
        self.keepAliveSeconds = keepAliveSeconds
    }

    /// The name of what the preview serves now.
    public var current: String {
        condition.withLock { build }
    }

    /// Announces a new build to every open stream.
    public func publish(_ build: String) {
        condition.withLock {
            self.build = build
            condition.broadcast()
        }
    }

    /// Ends every open stream, for the server to stop.
    public func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }

    /// A stream for one tab.
    public var stream: any EventStream {
        Stream(channel: self)
    }

    private struct Stream: EventStream {
        let channel: ReloadChannel

        func run(send: (String) -> Bool) {
            var sent = channel.current
            guard send("retry: 1000\nevent: build\ndata: \(sent)\n\n") else { return }
            while true {
                let (build, closed) = channel.wait(whileBuildIs: sent)
                if closed { return }
                let event = build == sent ? ": keep-alive\n\n" : "event: build\ndata: \(build)\n\n"
                guard send(event) else { return }
                sent = build
            }
        }
    }

    /// Waits until the build is no longer `build`, the channel closes, or it is time for a keep-alive.
    private func wait(whileBuildIs build: String) -> (String, closed: Bool) {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: keepAliveSeconds)
            while self.build == build, !closed, condition.wait(until: deadline) {}
            return (self.build, closed)
        }
    }
}
