import Glibc

/// How many clients the process's open-file limit (`RLIMIT_NOFILE`) lets the daemon serve.
///
/// Every client holds a descriptor. Past the limit libuv's `accept` fails with `EMFILE`, and libuv then
/// accepts and closes the waiting connections itself: the clients see their connection closed, with
/// no `too_many_clients` reply and no log line. So the daemon serves no more clients than the
/// descriptors left after its own, and refuses the others as `--max-clients` says.
enum DescriptorLimit {
    /// Descriptors kept for the daemon beyond those open when it starts: the connection being
    /// refused over the client limit, SQLite's temporary files, a readiness datagram's socket.
    static let reserve = 16

    /// The clients that fit `limit` descriptors when `open` are in use: at most `requested`, and at
    /// least one, so that a daemon under a tiny limit still serves (and refuses) someone.
    static func clientsFitting(requested: Int, limit: Int, open: Int) -> Int {
        max(1, min(requested, limit - open - reserve))
    }

    /// The descriptors the daemon opens for itself once started, beyond those open before: the loop's
    /// epoll and eventfd and libuv's two signal pipes, the listening socket, the store's file and
    /// journals, a readiness datagram's socket.
    static let forItself = 12

    /// What the limit allows for `requested` clients, after raising the soft limit toward the hard
    /// one as far as they need (as many daemons do: the hard limit is what the administrator set).
    static func clients(requested: Int) -> (clients: Int, limit: Int) {
        let open = openDescriptors()
        let limit = raised(toward: requested + open + reserve)
        guard let limit else { return (requested, -1) }
        return (clientsFitting(requested: requested, limit: limit, open: open), limit)
    }

    /// The limit and what starting needs, when the limit (raised as far as the hard one allows) leaves
    /// no room for the daemon's own descriptors and one client; nil when it does. Checked before the
    /// store and the loop open anything: libuv aborts the process when it cannot make its signal
    /// pipe, where a clear error and a sysexits code are due.
    static func tooLowToStart() -> (limit: Int, needed: Int)? {
        let needed = openDescriptors() + forItself + 1
        guard let limit = raised(toward: needed), limit < needed else { return nil }
        return (limit, needed)
    }

    /// The soft limit after raising it toward `needed` as far as the hard limit allows (`Int.max`
    /// when unlimited); nil when it cannot be read.
    private static func raised(toward needed: Int) -> Int? {
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return nil }
        let wanted = rlim_t(needed)
        if limits.rlim_cur != unlimited && limits.rlim_cur < wanted {
            var raised = limits
            raised.rlim_cur = limits.rlim_max == unlimited ? wanted : min(wanted, limits.rlim_max)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return limits.rlim_cur == unlimited ? Int.max : Int(clamping: limits.rlim_cur)
    }

    /// `RLIM_INFINITY`, which Swift imports as a literal that does not fit `rlim_t`.
    private static let unlimited = rlim_t.max

    private static var resource: __rlimit_resource_t { __rlimit_resource_t(RLIMIT_NOFILE.rawValue) }

    /// The descriptors open now (`/proc/self/fd`, less the one listing it), or a guess where there is
    /// no `/proc`.
    private static func openDescriptors() -> Int {
        guard let directory = opendir("/proc/self/fd") else { return 16 }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count - 1
    }
}
