import EntryRouter
import Glibc

/// What `entryd serve` was asked to do (`entryd help`), with every default applied.
package struct ServeOptions: Sendable {
    package var socket: String?
    package var config: String?
    package var store: String?
    /// `--listen`: TCP listeners beside the Unix socket, their peers admitted by the token.
    package var listen: [ListenAddress] = []
    /// `--token-file`: the token TCP peers show; by default `entryd.token` beside the store.
    package var tokenFile: String?
    /// Uids besides the daemon's own that may connect.
    package var allowedUIDs: [uid_t] = []
    package var maxClients = 1024
    /// TCP connections let in but not yet admitted by `hello`: a budget of their own, outside
    /// `maxClients`, so that peers without the token cannot take the owner's slots.
    package var maxAwaitingHello = 64
    package var connection = ConnectionLimits()
    package var router = RouterLimits()
    package var logLevel = Log.Level.info
    package var logFormat = Log.Format.logfmt
    /// `--clock`: the wall clock, or a manual one for tests.
    package var clock = DaemonClock.wall
    /// How long shutdown waits for clients to take their last replies, in milliseconds.
    package var shutdownGraceMilliseconds: UInt64 = 2000

    package init() {}

    /// The router's limits as the daemon runs it: a scene's own hand-over paced to a quarter of the
    /// output cap that counts it (`Connection.account`), whatever `--max-output` is.
    package var routerLimits: RouterLimits {
        var limits = router
        limits.maxStepBytesInFlight = max(1, connection.maxOutput / 4)
        return limits
    }
}
