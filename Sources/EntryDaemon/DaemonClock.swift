import EntryRouter

/// The daemon's time, which it stamps every input with: the wall clock, or under
/// `serve --clock manual` a clock that starts at the wall clock's time and then moves only when a
/// client sends `advance`, so that expiry, ttl and the 24 h dedupe window can be tested in
/// milliseconds. The router takes time as a value either way and cannot tell them apart.
package enum DaemonClock: Sendable, Equatable {
    case wall
    /// The time it shows until the next `advance`.
    case manual(Instant)

    /// `--clock wall|manual`; a manual clock starts at the wall clock's time.
    package init?(flag: String) {
        switch flag {
        case "wall": self = .wall
        case "manual": self = .manual(WallClock.now())
        default: return nil
        }
    }

    package var now: Instant {
        switch self {
        case .wall: WallClock.now()
        case .manual(let instant): instant
        }
    }

    package var isManual: Bool {
        if case .manual = self { true } else { false }
    }

    /// Moves a manual clock on; false for the wall clock, which nothing moves.
    package mutating func advance(by milliseconds: Int64) -> Bool {
        guard case .manual(let instant) = self else { return false }
        self = .manual(Instant(milliseconds: instant.milliseconds + milliseconds))
        return true
    }
}
