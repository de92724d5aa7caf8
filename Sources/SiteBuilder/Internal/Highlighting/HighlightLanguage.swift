/// The KSyntaxHighlighting definition for the language named after a code fence: ```` ```py ```` → "Python".
enum HighlightLanguage {
    /// The names authors write, lowercased, for the languages the theme is tested with, and their
    /// usual abbreviations. Other names are looked up among KSyntaxHighlighting's definitions, by
    /// name and ignoring case (e.g. `haskell`, `lua`, `cmake`).
    static let definitions: [String: String] = [
        "bash": "Bash", "sh": "Bash", "shell": "Bash", "zsh": "Zsh",
        "c": "C", "h": "C",
        "cpp": "C++", "c++": "C++", "cc": "C++", "cxx": "C++", "hpp": "C++",
        "csharp": "C#", "cs": "C#", "c#": "C#",
        "css": "CSS",
        "diff": "Diff", "patch": "Diff",
        "dockerfile": "Dockerfile", "docker": "Dockerfile",
        "go": "Go", "golang": "Go",
        "html": "HTML", "htm": "HTML", "xhtml": "HTML",
        "ini": "INI Files", "cfg": "INI Files",
        "java": "Java",
        "javascript": "JavaScript", "js": "JavaScript", "mjs": "JavaScript", "cjs": "JavaScript",
        "json": "JSON",
        "kotlin": "Kotlin", "kt": "Kotlin", "kts": "Kotlin",
        "markdown": "Markdown", "md": "Markdown",
        "nginx": "nginx",
        "python": "Python", "py": "Python", "python3": "Python",
        "ruby": "Ruby", "rb": "Ruby",
        "rust": "Rust", "rs": "Rust",
        "sql": "SQL",
        "swift": "Swift",
        "toml": "TOML",
        "typescript": "TypeScript", "ts": "TypeScript",
        "yaml": "YAML", "yml": "YAML",
        "handlebars": "Mustache/Handlebars (HTML)", "mustache": "Mustache/Handlebars (HTML)",
        "xml": "XML", "makefile": "Makefile", "make": "Makefile",
    ]

    /// Names that mean "no language": the block stays plain text.
    static let plain: Set<String> = ["text", "txt", "plain", "plaintext", "console", "output", "none"]

    /// The definition name for the fence's language, e.g. `Python` for `py`; nil for plain text.
    static func definition(for language: String) -> String? {
        let name = language.lowercased()
        guard !name.isEmpty, !plain.contains(name) else { return nil }
        return definitions[name] ?? language
    }
}
