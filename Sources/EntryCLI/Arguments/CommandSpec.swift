/// A subcommand, declared once: its arguments and flags give the parser its rules and the usage
/// line and `--help` their text, and `run` is what it does, so that a declared subcommand cannot be
/// left without one.
package struct CommandSpec: Sendable {
    package var name: String
    /// What it does, short enough for its line in `entryd --help`.
    package var summary: String
    /// More about it for its own `--help`, if there is more to say.
    package var details: String
    package var arguments: [ArgumentSpec]
    package var flags: [FlagSpec]
    /// Command lines to copy.
    package var examples: [String]
    /// Runs a command line that matched this spec and returns the process's exit code (sysexits).
    package var run: @Sendable (ParsedArguments) -> Int32

    package init(_ name: String, summary: String, details: String = "", arguments: [ArgumentSpec] = [],
                flags: [FlagSpec] = [], examples: [String] = [], run: @escaping @Sendable (ParsedArguments) -> Int32) {
        self.name = name
        self.summary = summary
        self.details = details
        self.arguments = arguments
        self.flags = flags
        self.examples = examples
        self.run = run
    }

    /// How many positional arguments it takes.
    package var positionals: ClosedRange<Int> {
        let least = arguments.filter { $0.count == .one || $0.count == .oneOrMore }.count
        let most = arguments.contains { $0.count == .oneOrMore || $0.count == .zeroOrMore } ? Int.max : arguments.count
        return least...most
    }

    /// "takes 1 argument (URL)", "takes no arguments", "takes 1 or more arguments (SCENARIO.json...)".
    package var arity: String {
        let range = positionals
        let names = arguments.isEmpty ? "" : " (" + arguments.map(\.synopsis).joined(separator: " ") + ")"
        switch (range.lowerBound, range.upperBound) {
        case (0, 0): return "takes no arguments"
        case (let n, Int.max): return "takes \(n) or more arguments\(names)"
        case (let n, let m) where n == m: return "takes \(n) argument\(n == 1 ? "" : "s")\(names)"
        case (let n, let m): return "takes \(n) to \(m) arguments\(names)"
        }
    }

    /// The usage line's words after `entryd`: the name, the arguments, then each flag.
    private var usageWords: [String] {
        ["entryd", name] + arguments.map(\.synopsis) + flags.map { "[" + $0.synopsis + "]" }
    }

    /// The usage on one line.
    package var usage: String { usageWords.joined(separator: " ") }

    /// `usage: entryd …`, wrapped to 80 columns with a hanging indent.
    package var usageLines: [String] {
        TextWrap.lines(words: usageWords, first: "usage:", rest: "       ")
    }

    /// The `--help` text: usage, summary and details, every flag with its help, examples.
    package var help: String {
        var lines = usageLines + [""] + TextWrap.lines(summary + (details.isEmpty ? "" : " " + details))
        if !flags.isEmpty {
            lines += ["", "flags:"]
            let column = min(28, (flags.map(\.synopsis.count).max() ?? 0) + 4)
            for flag in flags {
                let head = "  " + flag.synopsis
                let pad = head.count + 2 <= column ? String(repeating: " ", count: column - head.count) : nil
                if let pad {
                    lines += TextWrap.lines(flag.help, first: head + pad, rest: String(repeating: " ", count: column))
                } else {
                    lines.append(head)
                    lines += TextWrap.lines(flag.help, first: String(repeating: " ", count: column),
                                            rest: String(repeating: " ", count: column))
                }
            }
        }
        if !examples.isEmpty { lines += ["", "examples:"] + examples.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}
