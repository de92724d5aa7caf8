import Mustache

/// Turns swift-mustache parse errors into sentences with the template's file and line.
enum TemplateErrors {
    static func problem(for error: MustacheTemplate.ParserError, file: String) -> Problem {
        let reason: String
        switch error.error {
        case MustacheTemplate.Error.sectionCloseNameIncorrect:
            reason = "a closing tag {{/…}} does not match the section it closes"
        case MustacheTemplate.Error.unfinishedName:
            reason = "a tag is not closed with }}"
        case MustacheTemplate.Error.expectedSectionEnd:
            reason = "a section {{#…}} or {{^…}} is never closed with {{/…}}"
        case MustacheTemplate.Error.invalidSetDelimiter:
            reason = "a set-delimiter tag {{=… …=}} is malformed"
        case MustacheTemplate.Error.illegalTokenInsideInheritSection, MustacheTemplate.Error.textInsideInheritSection:
            reason = "inside {{<parent}}…{{/parent}} only {{$block}} overrides are allowed"
        default:
            reason = "\(error.error)"
        }
        let column = error.context.columnNumber
        return Problem(file: file, line: error.context.lineNumber, message: "\(reason) (column \(column)); fix the tag")
    }
}
