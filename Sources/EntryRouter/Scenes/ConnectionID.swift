/// The daemon's name for one client connection; the router keeps scenes and watchers by it.
public struct ConnectionID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var raw: UInt64

    public init(_ raw: UInt64) { self.raw = raw }

    public static func < (a: ConnectionID, b: ConnectionID) -> Bool { a.raw < b.raw }
    public var description: String { "c\(raw)" }
}
