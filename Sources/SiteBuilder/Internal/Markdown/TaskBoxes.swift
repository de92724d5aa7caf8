import Foundation
import TextTools

/// The boxes of task list items (`- [x] done`).
enum TaskBoxes {
    /// cmark-gfm writes a task list item's box without a label, which a screen reader announces as a bare
    /// "checkbox"; it gets one saying what it shows.
    static func labelled(_ html: String) -> String {
        guard html.containsBytes("<input type=\"checkbox\"") else { return html }
        return
            html
            .replacingOccurrences(
                of: "<input type=\"checkbox\" checked=\"\" disabled=\"\" />",
                with: "<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"Done\" />"
            )
            .replacingOccurrences(
                of: "<input type=\"checkbox\" disabled=\"\" />",
                with: "<input type=\"checkbox\" disabled=\"\" aria-label=\"Not done\" />")
    }
}
