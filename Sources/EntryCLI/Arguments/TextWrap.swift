/// Word wrapping for help text, so every line fits a terminal of `width` columns.
package enum TextWrap {
    /// `text` broken at spaces into lines of at most `width` characters; the first line starts with
    /// `first`, the others with `rest` (usually spaces, for a hanging indent).
    package static func lines(_ text: String, width: Int = 80, first: String = "", rest: String = "") -> [String] {
        lines(words: text.split(separator: " ").map(String.init), width: width, first: first, rest: rest)
    }

    /// The same for words that may hold spaces themselves (`[--socket PATH]` stays on one line). A
    /// word longer than a line is left whole rather than cut.
    package static func lines(words: [String], width: Int = 80, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var current = first
        // Whether the line holds no word yet (only its prefix); a prefix not ending in a space gets one.
        var fresh = true
        for word in words {
            if !fresh && current.count + 1 + word.count > width {
                lines.append(current)
                current = rest
                fresh = true
            }
            current += (current.isEmpty || current.hasSuffix(" ") ? "" : " ") + word
            fresh = false
        }
        lines.append(current)
        return lines
    }
}
