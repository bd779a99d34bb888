import EntryRouter

/// The errors a host answers with itself, before the router sees a line: the same words whichever
/// host gives them.
package enum HostErrors {
    /// A line over the frame limit; the connection is closed after it.
    package static func frameTooLarge(maxFrame: Int) -> WireError {
        WireError(.frameTooLarge, "a line is longer than \(maxFrame) bytes (--max-frame)")
    }
}
