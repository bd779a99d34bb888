import EntryRouter
import Glibc

/// The daemon's one clock: the wall clock, read only in the shell and handed to the router as an `Instant`.
package enum WallClock {
    package static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(milliseconds: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }
}
