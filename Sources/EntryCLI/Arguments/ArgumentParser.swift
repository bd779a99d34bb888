import EntryRouter

/// Parses `arguments` (without the program name) against the subcommand specs.
///
/// `--` ends the flags; `-` alone is a positional (stdin). `--help` and `-h` are accepted by every
/// subcommand. An unknown subcommand or flag is an error that suggests the closest known one; every
/// error past the subcommand's name carries it, so the caller shows that subcommand's usage.
package func parseArguments(_ arguments: [String], commands: [CommandSpec]) -> Result<ParsedArguments, UsageError> {
    guard let name = arguments.first else {
        return .failure(UsageError("missing subcommand; one of: \(commands.map(\.name).joined(separator: ", "))"))
    }
    guard let spec = commands.first(where: { $0.name == name }) else {
        let hint = NearestName.suggestion(for: name, among: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return .failure(UsageError("unknown subcommand '\(name)'\(hint)"))
    }
    func failure(_ message: String) -> Result<ParsedArguments, UsageError> {
        .failure(UsageError(message, command: name))
    }
    var parsed = ParsedArguments(command: name)
    var rest = arguments.dropFirst()
    var flagsEnded = false
    while let word = rest.popFirst() {
        guard !flagsEnded, word.hasPrefix("-"), word != "-" else {
            parsed.positionals.append(word)
            continue
        }
        if word == "--" {
            flagsEnded = true
            continue
        }
        if word == "-h" || word == "--help" {
            parsed.flags["help", default: []].append("")
            continue
        }
        guard word.hasPrefix("--") else {
            return failure("unknown flag '\(word)' for '\(name)' (flags are spelled --name)")
        }
        let body = word.dropFirst(2)
        let flagName = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let flag = spec.flags.first(where: { $0.name == flagName }) else {
            let hint = NearestName.suggestion(for: flagName, among: spec.flags.map(\.name)).map { "; did you mean '--\($0)'?" } ?? ""
            return failure("unknown flag '--\(flagName)' for '\(name)'\(hint)")
        }
        if !flag.repeatable && parsed.flags[flag.name] != nil {
            return failure("--\(flag.name) given more than once")
        }
        if flag.takesValue {
            guard let value = inlineValue ?? rest.popFirst() else {
                return failure("--\(flag.name) needs a value (\(flag.synopsis))")
            }
            parsed.flags[flag.name, default: []].append(value)
        } else {
            if inlineValue != nil { return failure("--\(flag.name) takes no value") }
            parsed.flags[flag.name, default: []].append("")
        }
    }
    if !parsed.has("help") && !spec.positionals.contains(parsed.positionals.count) {
        return failure("'\(name)' \(spec.arity), got \(parsed.positionals.count)")
    }
    return .success(parsed)
}
