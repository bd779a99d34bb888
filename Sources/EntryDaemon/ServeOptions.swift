import EntryRouter
import Glibc

/// What `entryd serve` was asked to do (`entryd help`), with every default applied.
public struct ServeOptions: Sendable {
    public var socket: String?
    public var config: String?
    public var store: String?
    /// `--listen`: TCP listeners beside the Unix socket, their peers admitted by the token.
    public var listen: [ListenAddress] = []
    /// `--token-file`: the token TCP peers show; by default `entryd.token` beside the store.
    public var tokenFile: String?
    /// Uids besides the daemon's own that may connect.
    public var allowedUIDs: [uid_t] = []
    public var maxClients = 1024
    public var connection = ConnectionLimits()
    public var router = RouterLimits()
    public var logLevel = Log.Level.info
    public var logFormat = Log.Format.logfmt
    /// `--clock`: the wall clock, or a manual one for tests.
    public var clock = DaemonClock.wall
    /// How long shutdown waits for clients to take their last replies, in milliseconds.
    public var shutdownGraceMilliseconds: UInt64 = 2000

    public init() {}
}
