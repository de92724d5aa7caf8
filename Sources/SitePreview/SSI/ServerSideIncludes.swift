import Foundation
import TextTools

/// Evaluates the Server Side Include directives of a page as nginx's `ssi on` does, so the preview shows
/// what a reader of the real site would see: `if`/`elif`/`else`/`endif` over `expr`, `echo`, `set`,
/// `config errmsg` and `include virtual`. Mistakes nginx would report (an `if` inside an `if`, an unknown
/// command, a bad expression) print nginx's error text in place, so a theme that previews cleanly
/// serves cleanly.
///
/// ```swift
/// let ssi = ServerSideIncludes(variables: ["sitegen_access": ",dzotypzq,wtehfewa,"])
/// ssi.process(#"<!--# if expr="$sitegen_access = /,wtehfewa,/" -->shown<!--# endif -->"#)  // "shown"
/// ```
public struct ServerSideIncludes: Sendable {
    /// Variables by lowercase name, without `$`; a name missing here is not set at all.
    public var variables: [String: String]
    /// The processed body of `include virtual="/path"`; nil when there is none.
    private let include: @Sendable (String) -> String?

    /// What nginx prints in place of a directive it cannot carry out, unless `config errmsg` says otherwise.
    public static let defaultErrorMessage = "[an error occurred while processing the directive]"

    public init(variables: [String: String], include: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.variables = variables
        self.include = include
    }

    /// `html` with every directive evaluated.
    public func process(_ html: String) -> String {
        var state = State(variables: variables)
        var output = ""
        var rest = Substring(html)
        while let open = rest.range(of: "<!--#") {
            if state.output { output += rest[..<open.lowerBound] }
            guard let close = rest[open.upperBound...].range(of: "-->") else {
                rest = rest[open.lowerBound...]
                break
            }
            let directive = Directive(parsing: rest[open.upperBound..<close.lowerBound])
            output += evaluate(directive, state: &state)
            rest = rest[close.upperBound...]
        }
        if state.output { output += rest }
        return output
    }

    private struct State {
        enum Conditional {
            case none, inIf, inElse
        }

        var variables: [String: String]
        var output = true
        var outputChosen = false
        var conditional = Conditional.none
        var errorMessage = ServerSideIncludes.defaultErrorMessage
        /// How `echo` escapes; an `encoding` given to one `echo` holds for the next ones too, as in nginx.
        var encoding = "entity"
    }

    /// What the directive prints; it may change what follows through `state`.
    private func evaluate(_ directive: Directive?, state: inout State) -> String {
        guard let directive else { return state.output ? state.errorMessage : "" }
        switch directive.command {
        case "if", "elif":
            let allowed = directive.command == "if" ? state.conditional == .none : state.conditional == .inIf
            guard allowed, let expression = directive.parameters["expr"] else { return state.errorMessage }
            state.conditional = .inIf
            guard !state.outputChosen else {
                state.output = false
                return ""
            }
            guard let holds = SSIExpression(expression).holds(with: state.variables) else {
                return state.errorMessage
            }
            state.output = holds
            state.outputChosen = holds
            return ""
        case "else":
            guard state.conditional == .inIf else { return state.errorMessage }
            state.output = !state.outputChosen
            state.conditional = .inElse
            return ""
        case "endif":
            guard state.conditional != .none else { return state.errorMessage }
            state.output = true
            state.outputChosen = false
            state.conditional = .none
            return ""
        default:
            guard state.output else { return "" }
            return run(directive, state: &state) ?? state.errorMessage
        }
    }

    /// Carries out a command other than a condition; nil when it is not one nginx knows or is malformed.
    private func run(_ directive: Directive, state: inout State) -> String? {
        let parameters = directive.parameters
        switch directive.command {
        case "echo":
            guard let name = parameters["var"] else { return nil }
            if let encoding = parameters["encoding"], ["entity", "url", "none"].contains(encoding) {
                state.encoding = encoding
            }
            let value = state.variables[name.lowercased()] ?? parameters["default"] ?? "(none)"
            switch state.encoding {
            case "entity": return Self.entityEncoded(value)
            case "url": return value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? value
            default: return value
            }
        case "set":
            guard let name = parameters["var"], let value = parameters["value"] else { return nil }
            state.variables[name.lowercased()] = SSIExpression.substitute(value, variables: state.variables)
            return ""
        case "config":
            if let message = parameters["errmsg"] { state.errorMessage = message }
            return ""
        case "include":
            guard let path = parameters["virtual"] ?? parameters["file"] else { return nil }
            return include(SSIExpression.substitute(path, variables: state.variables))
        default:
            return nil
        }
    }
}

extension ServerSideIncludes {
    /// `text` with `&`, `<`, `>` and `"` escaped, as nginx's `encoding="entity"` escapes it: byte by byte.
    static func entityEncoded(_ text: String) -> String {
        text.htmlEscaped(apostrophe: false)
    }
}

/// One `<!--# command name="value" … -->` directive.
private struct Directive {
    let command: String
    let parameters: [String: String]

    /// Reads the text between `<!--#` and `-->`; nil when it is not a directive nginx can read.
    init?(parsing text: Substring) {
        var rest = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
        let command = rest.prefix { $0.isLetter }
        guard !command.isEmpty else { return nil }
        rest = rest.dropFirst(command.count)
        var parameters: [String: String] = [:]
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            guard !rest.isEmpty else { break }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            rest = rest.dropFirst(name.count)
            guard !name.isEmpty, rest.first == "=", let quote = rest.dropFirst().first, quote == "\"" || quote == "'"
            else { return nil }
            rest = rest.dropFirst(2)
            var value = ""
            while let character = rest.first, character != quote {
                rest = rest.dropFirst()
                if character == "\\", let escaped = rest.first {
                    value.append(escaped)
                    rest = rest.dropFirst()
                } else {
                    value.append(character)
                }
            }
            guard rest.first == quote else { return nil }
            rest = rest.dropFirst()
            parameters[name.lowercased()] = value
        }
        self.command = String(command).lowercased()
        self.parameters = parameters
    }
}
