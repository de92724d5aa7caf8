extension String {
    /// The text between one line feed and the next, each line without its `\n`: split at `\n` as a Unicode
    /// scalar, where the passes that read or rewrite text line for line must split it. As a Character, `\r\n` is
    /// no `\n`, so a split at Character `\n` would run a line with CRLF line ends on over the next.
    var linesAtLineFeeds: [Substring] {
        unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map(Substring.init)
    }
}
