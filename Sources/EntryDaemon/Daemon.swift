import CUV
import EntryRouter

/// The daemon: a libuv loop serving the wire protocol, executing the router's effects.
public final class Daemon {
    public init() {}
}
