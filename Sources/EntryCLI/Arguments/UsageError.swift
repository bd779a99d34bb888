/// A command line that does not fit: the message names the offending word (exit 64). `command` is
/// the subcommand it was meant for, when known, so that its usage (not the whole list) is shown.
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var command: String?

    package init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    package var description: String { message }
}
