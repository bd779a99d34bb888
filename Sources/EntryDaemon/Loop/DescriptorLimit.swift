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

    /// What the limit allows for `requested` clients, after raising the soft limit toward the hard
    /// one as far as they need (as many daemons do: the hard limit is what the administrator set).
    static func clients(requested: Int) -> (clients: Int, limit: Int) {
        let open = openDescriptors()
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return (requested, -1) }
        let needed = rlim_t(requested + open + reserve)
        if limits.rlim_cur != unlimited && limits.rlim_cur < needed {
            var raised = limits
            raised.rlim_cur = limits.rlim_max == unlimited ? needed : min(needed, limits.rlim_max)
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        guard limits.rlim_cur != unlimited, limits.rlim_cur < needed else { return (requested, Int(clamping: limits.rlim_cur)) }
        let limit = Int(limits.rlim_cur)
        return (clientsFitting(requested: requested, limit: limit, open: open), limit)
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
