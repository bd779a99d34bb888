#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import EntryRouter

/// The wall clock's time, where an in-process daemon's manual clock starts, as the daemon's manual
/// clock does: an `expiration` a test computes from the real time means the same in both modes.
enum WallClock {
    static func now() -> Instant {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Instant(milliseconds: Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000)
    }
}
