/// Why some bytes are not JSON, and where: what a client needs to find the mistake in its line.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offset of the offending byte, counted from the first byte handed to the parser (0-based).
    /// An error at the end of the input has the input's length as offset.
    package var offset: Int
    /// What the parser expected at `offset`, or what is wrong there (`expected ':' after an object key`).
    package var reason: String

    package init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    package var description: String { "at byte \(offset): \(reason)" }
}
