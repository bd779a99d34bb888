/// A point in time, in milliseconds since the Unix epoch.
///
/// The router never reads a clock: every input carries the `Instant` at which it happened,
/// which is what makes each timing rule testable without waiting.
public struct Instant: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var milliseconds: Int64

    public init(milliseconds: Int64) { self.milliseconds = milliseconds }
    public init(seconds: Int64) { self.milliseconds = seconds * 1000 }

    public static func < (a: Instant, b: Instant) -> Bool { a.milliseconds < b.milliseconds }

    public func adding(milliseconds ms: Int64) -> Instant { Instant(milliseconds: milliseconds + ms) }
    public func adding(seconds s: Int64) -> Instant { adding(milliseconds: s * 1000) }

    public var description: String { "\(milliseconds)ms" }
}
