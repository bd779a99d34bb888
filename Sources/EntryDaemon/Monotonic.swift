import Glibc

/// A monotonic clock for timeouts and relative time stamps in the CLI (never for the router, which
/// gets time as a value).
package enum Monotonic {
    package static func milliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
