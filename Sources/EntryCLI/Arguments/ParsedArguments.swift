/// A command line that matched a subcommand's spec.
package struct ParsedArguments: Sendable, Hashable {
    package var command: String
    /// Flag name → its values in order (a switch has one empty value per occurrence).
    package var flags: [String: [String]]
    package var positionals: [String]

    package init(command: String, flags: [String: [String]] = [:], positionals: [String] = []) {
        self.command = command
        self.flags = flags
        self.positionals = positionals
    }

    /// The value of a single-valued flag, if given.
    package func value(_ flag: String) -> String? { flags[flag]?.last }
    /// Every value of a repeatable flag.
    package func values(_ flag: String) -> [String] { flags[flag] ?? [] }
    /// Whether a switch was given.
    package func has(_ flag: String) -> Bool { flags[flag] != nil }
}
