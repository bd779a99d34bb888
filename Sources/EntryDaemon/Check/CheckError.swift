/// Why `entryd check` could not run a scenario at all (as opposed to a step that failed).
public struct CheckError: Error, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
