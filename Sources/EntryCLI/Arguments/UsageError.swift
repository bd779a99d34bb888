/// A command line that does not fit: the message names the offending word (exit 64). `command` is
/// the subcommand it was meant for, when known, so that its usage (not the whole list) is shown.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }
}
