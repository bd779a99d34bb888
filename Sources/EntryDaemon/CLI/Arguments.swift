/// A flag a subcommand accepts: `--name VALUE` (or `--name=VALUE`) when it takes a value, else `--name`.
public struct FlagSpec: Sendable, Hashable {
    public var name: String
    public var takesValue: Bool
    public var repeatable: Bool

    public init(_ name: String, takesValue: Bool = true, repeatable: Bool = false) {
        self.name = name
        self.takesValue = takesValue
        self.repeatable = repeatable
    }
}

/// A subcommand: its name, its flags, how many positional arguments it takes, and its usage line.
public struct CommandSpec: Sendable, Hashable {
    public var name: String
    public var flags: [FlagSpec]
    public var positionals: ClosedRange<Int>
    public var usage: String
    /// What it does, in one line, and a few command lines to copy, for `--help`.
    public var summary: String
    public var examples: [String]

    public init(_ name: String, flags: [FlagSpec] = [], positionals: ClosedRange<Int> = 0...0, usage: String,
                summary: String = "", examples: [String] = []) {
        self.name = name
        self.flags = flags
        self.positionals = positionals
        self.usage = usage
        self.summary = summary
        self.examples = examples
    }

    /// The `--help` text: usage line, summary, examples.
    public var help: String {
        var lines = ["usage: " + usage]
        if !summary.isEmpty { lines += ["", summary] }
        if !examples.isEmpty { lines += ["", "examples:"] + examples.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}

/// A command line that matched a subcommand's spec.
public struct ParsedArguments: Sendable, Hashable {
    public var command: String
    /// Flag name → its values in order (a switch has one empty value per occurrence).
    public var flags: [String: [String]]
    public var positionals: [String]

    public init(command: String, flags: [String: [String]] = [:], positionals: [String] = []) {
        self.command = command
        self.flags = flags
        self.positionals = positionals
    }

    /// The value of a single-valued flag, if given.
    public func value(_ flag: String) -> String? { flags[flag]?.last }
    /// Every value of a repeatable flag.
    public func values(_ flag: String) -> [String] { flags[flag] ?? [] }
    /// Whether a switch was given.
    public func has(_ flag: String) -> Bool { flags[flag] != nil }
}

/// A command line that does not fit: the message names the offending word (exit 64).
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Parses `arguments` (without the program name) against the subcommand specs.
///
/// `--` ends the flags; `-` alone is a positional (stdin). `--help` is accepted by every subcommand.
/// An unknown subcommand or flag is an error that suggests the closest known one.
public func parseArguments(_ arguments: [String], commands: [CommandSpec]) -> Result<ParsedArguments, UsageError> {
    guard let name = arguments.first else {
        return .failure(UsageError("missing subcommand; one of: \(commands.map(\.name).joined(separator: ", "))"))
    }
    guard let spec = commands.first(where: { $0.name == name }) else {
        let hint = suggestion(for: name, among: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(UsageError("unknown subcommand '\(name)'\(hint)"))
    }
    var parsed = ParsedArguments(command: name)
    var rest = arguments.dropFirst()
    var flagsEnded = false
    while let word = rest.popFirst() {
        guard !flagsEnded, word.hasPrefix("--") || (word.hasPrefix("-") && word != "-") else {
            parsed.positionals.append(word)
            continue
        }
        if word == "--" {
            flagsEnded = true
            continue
        }
        guard word.hasPrefix("--") else {
            if word == "-h" {
                parsed.flags["help", default: []].append("")
                continue
            }
            return .failure(UsageError("unknown flag '\(word)' for '\(name)' (flags are spelled --name)"))
        }
        let body = word.dropFirst(2)
        let flagName = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        if flagName == "help" {
            parsed.flags["help", default: []].append("")
            continue
        }
        guard let flag = spec.flags.first(where: { $0.name == flagName }) else {
            let hint = suggestion(for: flagName, among: spec.flags.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
            return .failure(UsageError("unknown flag '--\(flagName)' for '\(name)'\(hint)"))
        }
        if !flag.repeatable && parsed.flags[flag.name] != nil {
            return .failure(UsageError("--\(flag.name) given more than once"))
        }
        if flag.takesValue {
            guard let value = inlineValue ?? rest.popFirst() else {
                return .failure(UsageError("--\(flag.name) needs a value"))
            }
            parsed.flags[flag.name, default: []].append(value)
        } else {
            if inlineValue != nil { return .failure(UsageError("--\(flag.name) takes no value")) }
            parsed.flags[flag.name, default: []].append("")
        }
    }
    if !parsed.has("help") && !spec.positionals.contains(parsed.positionals.count) {
        let expected = spec.positionals.lowerBound == spec.positionals.upperBound
            ? "\(spec.positionals.lowerBound)" : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)"
        return .failure(UsageError("'\(name)' takes \(expected) arguments, got \(parsed.positionals.count): \(spec.usage)"))
    }
    return .success(parsed)
}

/// The known word closest to `word`, if it is close enough to be a typo (edit distance ≤ 2, or a prefix).
func suggestion(for word: String, among candidates: [String]) -> String? {
    let scored = candidates.map { ($0, editDistance(word, $0)) }
    if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, word.count / 2)) { return best.0 }
    return candidates.first { word.count >= 3 && $0.hasPrefix(word) }
}

/// Levenshtein distance between two words.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
