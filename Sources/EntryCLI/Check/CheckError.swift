/// Why `entryd check` could not run a scenario at all (as opposed to a step that failed).
public struct CheckError: Error, Sendable, CustomStringConvertible {
    public var message: String
    /// The daemon's exit status when it exited before it was ready (78 for a config it refused).
    public var daemonExitStatus: Int32?

    public init(_ message: String, daemonExitStatus: Int32? = nil) {
        self.message = message
        self.daemonExitStatus = daemonExitStatus
    }

    public var description: String { message }
}
