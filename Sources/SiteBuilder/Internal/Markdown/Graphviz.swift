import CGraphviz
import Foundation

/// Lays out and draws ```` ```dot ```` diagrams at build time with Graphviz's own library (Debian's
/// `libgraphviz-dev`), into SVG. Graphviz keeps global state and is not thread-safe, so the pages that
/// render in parallel take turns; its context is made once, with the first diagram.
enum Graphviz {
    /// A drawn diagram, or the syntax error Graphviz found, with its line in the diagram's source.
    enum Drawing: Sendable, Equatable {
        case svg(String)
        case error(line: Int?, message: String)
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var context: OpaquePointer?
    nonisolated(unsafe) private static var messages = ""

    /// Collects what Graphviz reports instead of letting it print to standard error.
    private static let collect: agusererrf = { message in
        if let message { Graphviz.messages += String(cString: message) }
        return 0
    }

    static func draw(_ source: String) -> Drawing {
        lock.lock()
        defer { lock.unlock() }
        if context == nil {
            context = gvContext()
            _ = agseterrf(collect)
        }
        messages = ""
        // Graphviz's reader keeps counting lines past a trailing line break into the next graph it reads.
        let trimmed = String(source.reversed().drop { $0.isWhitespace }.reversed())
        // The reader keeps what one read left in its buffer for the next, whichever block or page that is for.
        aglexbad()
        guard let graph = agmemread(trimmed) else {
            aglexbad()
            return error(from: messages)
        }
        defer { agclose(graph) }
        guard readsNothingMore() else {
            return .error(
                line: 1,
                message: "the block holds more than one graph; draw one graph per ```dot block")
        }
        guard gvLayout(context, graph, "dot") == 0 else { return error(from: messages) }
        defer { gvFreeLayout(context, graph) }
        var data: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, "svg", &data, &length) == 0, let data else { return error(from: messages) }
        defer { gvFreeRenderData(data) }
        let svg = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
        return .svg(svg)
    }

    /// Whether the reader's buffer held nothing after the graph just read but white space and comments; it is empty
    /// afterwards either way.
    private static func readsNothingMore() -> Bool {
        defer { aglexbad() }
        let before = messages
        guard let extra = agmemread("") else { return messages == before }
        agclose(extra)
        return false
    }

    /// "Error: syntax error in line 3 near '->'" gives line 3 and the message without "Error: "; warnings Graphviz
    /// wrote before the error are left out.
    private static func error(from messages: String) -> Drawing {
        var text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
        if let error = text.range(of: "Error: ") { text = String(text[error.lowerBound...]) }
        let message = text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
        var line: Int?
        if let range = message.range(of: "in line ") {
            line = Int(message[range.upperBound...].prefix { $0.isNumber })
        }
        return .error(line: line, message: message.isEmpty ? "Graphviz could not draw the diagram" : message)
    }
}
