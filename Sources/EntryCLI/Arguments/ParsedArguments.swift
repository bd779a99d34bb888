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
