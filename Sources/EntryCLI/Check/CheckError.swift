/// Why `entryd check` could not run a scenario at all (as opposed to a step that failed).
package struct CheckError: Error, Sendable, CustomStringConvertible {
    package var message: String
    /// The daemon's exit status when it exited before it was ready (78 for a config it refused).
    package var daemonExitStatus: Int32?

    package init(_ message: String, daemonExitStatus: Int32? = nil) {
        self.message = message
        self.daemonExitStatus = daemonExitStatus
    }

    package var description: String { message }
}
