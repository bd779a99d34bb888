/// A flag a subcommand accepts, declared once: the parser, the usage line and `--help` all read this
/// one value, so what is documented is what is parsed.
package struct FlagSpec: Sendable, Hashable {
    package var name: String
    /// The value's placeholder in usage and help (`PATH`, `MS`); nil for a switch.
    package var value: String?
    package var repeatable: Bool
    /// One sentence for `--help`.
    package var help: String

    package init(_ name: String, _ value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.value = value
        self.repeatable = repeatable
        self.help = help
    }

    package var takesValue: Bool { value != nil }

    /// `--socket PATH`, `--json`, `--gate NAME...`.
    package var synopsis: String {
        "--" + name + (value.map { " " + $0 } ?? "") + (repeatable ? "..." : "")
    }
}

/// A positional argument, as usage shows it: `URL`, `[DEVICE]`, `SCENARIO.json...`.
package struct ArgumentSpec: Sendable, Hashable {
    package enum Count: Sendable, Hashable {
        case one, optional, oneOrMore, zeroOrMore
    }

    package var name: String
    package var count: Count

    package init(_ name: String, _ count: Count = .one) {
        self.name = name
        self.count = count
    }

    package var synopsis: String {
        switch count {
        case .one: name
        case .optional: "[\(name)]"
        case .oneOrMore: name + "..."
        case .zeroOrMore: "[\(name)...]"
        }
    }
}
