extension String {
    /// The text with `& < > " '` escaped, for hand-written HTML such as redirect stubs. A quote that went
    /// through unescaped would end the attribute it stands in (see `replacingScalars`).
    public var htmlEscaped: String {
        htmlEscaped(apostrophe: true)
    }

    /// The text with `& < > "` escaped, and `'` too when `apostrophe`; nginx's `encoding="entity"` leaves it.
    public func htmlEscaped(apostrophe: Bool) -> String {
        replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'" where apostrophe: "&#39;"
            default: nil
            }
        }
    }
}
