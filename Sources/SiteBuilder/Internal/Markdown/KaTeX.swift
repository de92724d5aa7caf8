import Foundation

/// Renders TeX to MathML at build time with KaTeX, Debian's `libjs-katex`, run by Debian's `nodejs`:
/// one `node` process for the whole run, started when the first page with math is rendered, which takes
/// each page's formulas as one request (a JSON line in, a JSON line out). The pages carry MathML, which
/// browsers lay out themselves, so no script, style sheet or font is loaded for math, and nothing from
/// outside. Requests from pages rendered in parallel take turns.
final class KaTeX: @unchecked Sendable {
    /// The formula as HTML, or why KaTeX refused it.
    enum Rendered: Sendable, Equatable {
        case html(String)
        case error(String)
    }

    static let shared = KaTeX()
    /// Where Debian's `libjs-katex` puts KaTeX.
    static let script = "/usr/share/javascript/katex/katex.js"

    private let lock = NSLock()
    private var process: Process?
    private var input: FileHandle?
    private var output: FileHandle?
    private var buffer = Data()

    /// Reads requests line by line; answers each with one line, formula for formula.
    private static let program = """
        const katex = require(process.argv[1]);
        const lines = require("readline").createInterface({ input: process.stdin });
        lines.on("line", (line) => {
          const answers = JSON.parse(line).map(([tex, display]) => {
            try {
              return { html: katex.renderToString(tex, { displayMode: display, output: "mathml", throwOnError: true }) };
            } catch (error) {
              return { error: String(error.message || error) };
            }
          });
          process.stdout.write(JSON.stringify(answers) + "\\n");
        });
        """

    /// Each formula of `formulas` (TeX, display or inline) rendered, in order.
    func render(_ formulas: [(tex: String, display: Bool)]) -> [Rendered] {
        lock.lock()
        defer { lock.unlock() }
        if let answers = try? ask(formulas) { return answers }
        stop()
        let reason =
            FileManager.default.fileExists(atPath: Self.script)
            ? "KaTeX could not be run: sitegen renders math with Node.js (Debian: nodejs)"
            : "KaTeX is not installed: sitegen renders math with \(Self.script) (Debian: libjs-katex)"
        return formulas.map { _ in .error(reason) }
    }

    private struct Broken: Error {}

    private func ask(_ formulas: [(tex: String, display: Bool)]) throws -> [Rendered] {
        if process == nil { try start() }
        guard let input, let output else { throw Broken() }
        let request = try JSONSerialization.data(withJSONObject: formulas.map { [$0.tex, $0.display] as [Any] })
        try input.write(contentsOf: request + Data("\n".utf8))
        while !buffer.contains(0x0A) {
            let more = output.availableData
            guard !more.isEmpty else { throw Broken() }
            buffer += more
        }
        let newline = buffer.firstIndex(of: 0x0A)!
        let line = buffer[buffer.startIndex..<newline]
        buffer = Data(buffer[(newline + 1)...])
        guard let answers = try JSONSerialization.jsonObject(with: line) as? [[String: String]],
            answers.count == formulas.count
        else { throw Broken() }
        return answers.map { answer in
            answer["html"].map { .html(MathMLForBrowsers.rewritten($0)) } ?? .error(answer["error"] ?? "no answer")
        }
    }

    private func start() throws {
        guard FileManager.default.fileExists(atPath: Self.script) else { throw Broken() }
        // A node that exits (or is missing) must fail a write, not end the build by its signal.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["node", "-e", Self.program, Self.script]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    private func stop() {
        process?.terminate()
        (process, input, output, buffer) = (nil, nil, nil, Data())
    }
}
