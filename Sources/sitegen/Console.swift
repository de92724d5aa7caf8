import Foundation
import SiteBuilder

/// Prints build progress: on a terminal a counter updated in place (`Rendering 812/4000`) on
/// stderr, with `--verbose` each stage as `[3/12] Render Markdown`. Called from worker threads.
final class Console: @unchecked Sendable {
    private let verbose: Bool
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var progressShown = false

    init(verbose: Bool) {
        self.verbose = verbose
    }

    func show(_ event: BuildProgress) {
        lock.withLock {
            switch event {
            case .stageStarted(let stage, let index, let count):
                guard verbose else { return }
                clearProgress()
                write("[\(index)/\(count)] \(stage.name)\n", to: .standardOutput)
            case .itemsDone(let stage, let done, let total):
                guard isTerminal, total > 1 else { return }
                write("\r\u{1B}[K\(Self.label(for: stage)) \(done)/\(total)", to: .standardError)
                progressShown = true
            }
        }
    }

    /// Clears the progress counter before the summary or errors are printed.
    func finish() {
        lock.withLock { clearProgress() }
    }

    func print(_ line: String) {
        write(line + "\n", to: .standardOutput)
    }

    func error(_ line: String) {
        write(line + "\n", to: .standardError)
    }

    private func clearProgress() {
        guard progressShown else { return }
        write("\r\u{1B}[K", to: .standardError)
        progressShown = false
    }

    private func write(_ text: String, to handle: FileHandle) {
        handle.write(Data(text.utf8))
    }

    private static func label(for stage: BuildStage) -> String {
        switch stage {
        case .parseFrontMatter: "Reading"
        case .renderMarkdown: "Converting"
        case .checkLinks: "Checking links"
        case .renderPages: "Rendering"
        case .copyAssets: "Copying"
        default: stage.name
        }
    }
}
