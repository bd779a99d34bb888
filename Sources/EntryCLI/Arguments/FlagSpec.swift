/// A flag a subcommand accepts, declared once: the parser, the usage line and `--help` all read this
/// one value, so what is documented is what is parsed.
public struct FlagSpec: Sendable, Hashable {
    public var name: String
    /// The value's placeholder in usage and help (`PATH`, `MS`); nil for a switch.
    public var value: String?
    public var repeatable: Bool
    /// One sentence for `--help`.
    public var help: String

    public init(_ name: String, _ value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.value = value
        self.repeatable = repeatable
        self.help = help
    }

    public var takesValue: Bool { value != nil }

    /// `--socket PATH`, `--json`, `--gate NAME...`.
    public var synopsis: String {
        "--" + name + (value.map { " " + $0 } ?? "") + (repeatable ? "..." : "")
    }
}

/// A positional argument, as usage shows it: `URL`, `[DEVICE]`, `SCENARIO.json...`.
public struct ArgumentSpec: Sendable, Hashable {
    public enum Count: Sendable, Hashable {
        case one, optional, oneOrMore, zeroOrMore
    }

    public var name: String
    public var count: Count

    public init(_ name: String, _ count: Count = .one) {
        self.name = name
        self.count = count
    }

    public var synopsis: String {
        switch count {
        case .one: name
        case .optional: "[\(name)]"
        case .oneOrMore: name + "..."
        case .zeroOrMore: "[\(name)...]"
        }
    }
}
