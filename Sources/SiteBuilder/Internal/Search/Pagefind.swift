import Foundation

/// The Pagefind binary (pagefind.app) that turns a folder of HTML pages into a static search index.
///
/// ```swift
/// let pagefind = Pagefind.onPath()            // the `pagefind` found on PATH, if any
/// try pagefind?.index(site: "/tmp/part-0", output: "/tmp/index-0")
/// ```
struct Pagefind: Sendable {
    /// Why Pagefind could not be used, as a sentence.
    struct Failure: Error {
        let message: String
    }

    /// The major release whose index files and browser API the theme's `search.js` is written for.
    static let supportedMajorVersion = "1"

    let path: String

    /// The binary at `path`, when that is an executable file.
    static func at(_ path: String) -> Pagefind? {
        FileManager.default.isExecutableFile(atPath: path) ? Pagefind(path: path) : nil
    }

    /// The first `pagefind` on `PATH`.
    static func onPath(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Pagefind? {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.lazy.compactMap { at(DisplayPaths.join($0, "pagefind")) }.first
    }

    /// Its path, size and modification time, so that the build cache notices another binary.
    var fingerprint: String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let size = attributes?[.size] as? Int ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(path) \(size) \(modified)"
    }

    /// Fails unless this is a release of the supported major version.
    func checkVersion() throws(Failure) {
        let output = try run(["--version"])
        let version = output.split(separator: " ").last.map { String($0.filter { !$0.isWhitespace }) } ?? ""
        guard version.split(separator: ".").first == Substring(Self.supportedMajorVersion) else {
            throw Failure(
                message: "\(path) says it is '\(output.trimmingCharacters(in: .whitespacesAndNewlines))', "
                    + "but the theme's search needs Pagefind \(Self.supportedMajorVersion).x; "
                    + "install it with pip install pagefind-bin==1.5.2")
        }
    }

    /// Indexes every HTML page in `site` into the folder `output`, with word chunks of `chunkSize` (see
    /// `SearchIndexer.chunkSize(shards:)`) or Pagefind's default size.
    func index(site: String, output: String, chunkSize: Int? = nil) throws(Failure) {
        // Pagefind 1.x reads the chunk size from this variable only; a release without it keeps its default,
        // which costs a reader bytes, not results.
        let environment = chunkSize.map { ["PAGEFIND_UNSTABLE_INDEX_CHUNK_SIZE": String($0)] } ?? [:]
        _ = try run(["--site", site, "--output-path", output, "--quiet"], environment: environment)
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw Failure(message: "cannot run \(path): \(error.localizedDescription)")
        }
        // Read to the end before waiting, so a chatty run cannot fill the pipe and stall.
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = output.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                message: "\(path) \(arguments.joined(separator: " ")) failed with status "
                    + "\(process.terminationStatus)\(said.isEmpty ? "" : ": \(said)")")
        }
        return output
    }
}
