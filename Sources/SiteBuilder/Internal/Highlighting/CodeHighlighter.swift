import CKSyntaxHighlighting
import Foundation

/// Highlights code blocks at build time with KSyntaxHighlighting (KDE's syntax highlighting engine,
/// Debian `libkf5syntaxhighlighting5`): each token becomes `<span class="hl-kw">…</span>` or
/// another `hl-` class of KSyntaxHighlighting's text styles, which the theme colours.
///
/// ```swift
/// CodeHighlighter.html(for: "x = 1 < 2\n", language: "python")
/// // "x <span class=\"hl-op\">=</span> <span class=\"hl-dv\">1</span> …"
/// ```
enum CodeHighlighter {
    /// The highlighted HTML of `code` (the block's text, `&<>"` escaped); nil when `language` names no
    /// language sitegen knows, so the block stays plain text.
    static func html(for code: String, language: String) -> String? {
        guard let definition = HighlightLanguage.definition(for: language) else { return nil }
        return HighlightCache.shared.html(for: code, definition: definition) {
            highlight(code, definition: definition)
        }
    }

    private static func highlight(_ code: String, definition: String) -> String? {
        var code = code
        return code.withUTF8 { bytes -> String? in
            var length = 0
            let pointer = bytes.withMemoryRebound(to: CChar.self) { text in
                ksh_highlight_html(definition, text.baseAddress, text.count, &length)
            }
            guard let pointer else { return nil }
            defer { free(pointer) }
            return String(
                decoding: UnsafeRawBufferPointer(start: pointer, count: length).bindMemory(to: UInt8.self),
                as: UTF8.self)
        }
    }
}
