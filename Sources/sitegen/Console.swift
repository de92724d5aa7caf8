import Foundation
import SiteBuilder

/// Prints build progress: on a terminal a counter updated in place (`Rendering 812/4000`) on
/// stderr, with `--verbose` each stage as `[6/16] Render Markdown` and, when the build ends, the
/// stages that took longest. Called from worker threads.
final class Console: @unchecked Sendable {
    private let verbose: Bool
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let lock = NSLock()
    private var progressShown = false
    /// When each stage started, in the order they ran.
    private var stageStarts: [(stage: BuildStage, started: ContinuousClock.Instant)] = []
    /// The stage that started last: only its items are counted, not those of a stage whose work goes on in
    /// the background (the search index's parts while pages are rendered).
    private var currentStage: BuildStage?

    init(verbose: Bool) {
        self.verbose = verbose
    }

    func show(_ event: BuildProgress) {
        lock.withLock {
            switch event {
            case .stageStarted(let stage, let index, let count):
                currentStage = stage
                guard verbose else { return }
                stageStarts.append((stage, .now))
                clearProgress()
                write("[\(index)/\(count)] \(stage.name)\n", to: .standardOutput)
            case .itemsDone(let stage, let done, let total):
                guard isTerminal, total > 1, stage == currentStage else { return }
                write("\r\u{1B}[K\(Self.label(for: stage)) \(done)/\(total)", to: .standardError)
                progressShown = true
            case .stricterRulesFirst(let pause):
                clearProgress()
                write(
                    "An access rule got stricter: its new rules are in force first, and the pages follow in "
                        + "\(pause.components.seconds) s, once sitegen-auth has read them.\n", to: .standardOutput)
            case .waitingForAnotherBuild:
                clearProgress()
                write(
                    "Another build of this output folder is running; waiting for it to finish.\n", to: .standardOutput)
            }
        }
    }

    /// Clears the progress counter before the summary or errors are printed; with `--verbose`, prints
    /// the three stages that took longest, e.g. `Slowest stages: Render pages 2.41 s, …`.
    func finish() {
        lock.withLock {
            clearProgress()
            guard verbose, !stageStarts.isEmpty else { return }
            let ends = stageStarts.dropFirst().map(\.started) + [.now]
            let slowest = zip(stageStarts, ends).map { ($0.stage, $1 - $0.started) }.sorted { $0.1 > $1.1 }.prefix(3)
            let listed = slowest.map { "\($0.0.name) \(Self.seconds($0.1))" }.joined(separator: ", ")
            write("Slowest stages: \(listed)\n", to: .standardOutput)
            stageStarts = []
        }
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

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.2f s", Double(seconds) + Double(attoseconds) / 1e18)
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
