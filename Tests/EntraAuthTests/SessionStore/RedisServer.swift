import Foundation
import Testing

@testable import EntraAuth

/// A `redis-server` of its own for a test, on a free loopback port, with its data in a temporary folder (append-only
/// file on, so a restart keeps what was written); stopped when the test lets go of it.
final class RedisServer: @unchecked Sendable {
    let port: Int
    let folder = TemporaryFolder()
    private var process: Process?

    init() throws {
        port = Self.freePort()
        try start()
    }

    deinit {
        stop()
    }

    var address: RedisAddress { RedisAddress("redis://127.0.0.1:\(port)/2")! }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/redis-server")
        process.arguments = [
            "--port", "\(port)", "--bind", "127.0.0.1", "--dir", folder.path, "--appendonly", "yes", "--save", "",
            "--daemonize", "no", "--logfile", folder.path + "/redis.log",
        ]
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/redis-server") else {
            throw HarnessError(
                description: "redis-server is not installed; `make test` installs it (Debian redis-server)")
        }
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if (try? RedisConnection(address, timeout: 1).command(["PING"])) == .status("PONG") { return }
            usleep(50_000)
        }
        throw HarnessError(description: "redis-server did not start on port \(port)")
    }

    /// Stops the server the way an operator would: `SHUTDOWN` writes its data and exits. (A signal would not do:
    /// the test runner's threads block SIGTERM, and a child inherits that.) SIGKILL if it has not exited in 5 s.
    func stop() {
        guard let process, process.isRunning else { return }
        _ = try? RedisConnection(address, timeout: 1).command(["SHUTDOWN"])
        let deadline = Date().addingTimeInterval(5)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        self.process = nil
    }

    private static func freePort() -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                _ = bind(socket, generic, length)
                _ = getsockname(socket, generic, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
