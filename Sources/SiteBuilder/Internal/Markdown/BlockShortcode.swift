/// The block shortcodes of Hugo's docs themes that content uses for callouts and tabs, and the MkDocs admonition or
/// content tab each stands for (what `Admonitions` reads), with its content indented under it:
///
/// - `{{< hint warning >}}` (Hugo Book) and `{{% alert title="Mind the gap" color="warning" %}}` (Docsy) are
///   callouts, `!!! warning "Mind the gap"`, titled only when they give a title, as the themes show them;
/// - `{{< details summary="More" open=true >}}` (Hugo's own) and `{{< details "More" open >}}` (Hugo Book) are
///   collapsible callouts, `???+ note "More"`;
/// - `{{< tab "macOS" >}}` (Hugo Book) and `{{% tab header="macOS" %}}` (Docsy) are content tabs, `=== "macOS"`,
///   and the `{{< tabs >}}` or `{{< tabpane >}}` around them holds nothing of its own.
enum BlockShortcode {
    /// The line `call` opens a block with: an admonition's or a tab's, "" for a block of tabs; nil when `call`
    /// opens none of these.
    static func opening(_ call: HugoShortcodes.Call) -> String? {
        switch call.name {
        case "hint":
            return Admonitions.openingLine(
                kind: kind(call.named["type"] ?? call.positional.first), header: .init(title: call.named["title"] ?? "")
            )
        case "alert":
            return Admonitions.openingLine(
                kind: kind(call.named["color"]), header: .init(title: call.named["title"] ?? ""))
        case "details":
            let title = call.named["summary"] ?? call.named["title"] ?? call.positional.first ?? "Details"
            let open = call.named["open"] == "true" || call.positional.dropFirst().contains("open")
            return Admonitions.openingLine(kind: "note", header: .init(title: title, collapsedOpen: open))
        case "tab":
            guard let title = call.positional.first ?? call.named["header"] ?? call.named["name"] else { return nil }
            return Admonitions.openingLine(kind: "tab", header: .init(title: title, isTab: true))
        case "tabs", "tabpane":
            return ""
        default:
            return nil
        }
    }

    /// The callout kind for a hint's type or an alert's colour (Bootstrap's: `primary`, `info`, `success`,
    /// `warning`, `danger`); a note for any other.
    private static func kind(_ written: String?) -> String {
        switch written?.lowercased() {
        case "success", "tip": "tip"
        case "warning": "warning"
        case "danger", "caution": "caution"
        case "important": "important"
        default: "note"
        }
    }
}
