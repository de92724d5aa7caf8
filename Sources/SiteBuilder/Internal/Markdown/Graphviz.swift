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
        guard let graph = agmemread(trimmed) else { return error(from: messages) }
        defer { agclose(graph) }
        guard gvLayout(context, graph, "dot") == 0 else { return error(from: messages) }
        defer { gvFreeLayout(context, graph) }
        var data: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, "svg", &data, &length) == 0, let data else { return error(from: messages) }
        defer { gvFreeRenderData(data) }
        let svg = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self)
        return .svg(svg)
    }

    /// "Error: syntax error in line 3 near '->'" gives line 3 and the message without "Error: ".
    private static func error(from messages: String) -> Drawing {
        let text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
        let message = text.hasPrefix("Error: ") ? String(text.dropFirst(7)) : text
        var line: Int?
        if let range = message.range(of: "in line ") {
            line = Int(message[range.upperBound...].prefix { $0.isNumber })
        }
        return .error(line: line, message: message.isEmpty ? "Graphviz could not draw the diagram" : message)
    }
}
