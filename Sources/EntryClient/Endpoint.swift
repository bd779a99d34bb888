/// Where a daemon listens. One value, so that a transport added later (the TCP listener of a daemon
/// in a VM or container) is one more case rather than a second set of parameters.
public enum Endpoint: Sendable, Hashable, CustomStringConvertible {
    /// A Unix domain socket: the daemon's own, or one it serves to a simulator through the Mac's
    /// file system.
    case unix(path: String)
    /// A TCP listener (`serve --listen tcp:HOST:PORT`): the connection's first line is a `hello`
    /// with the daemon's token, and a wrong one is refused (`.daemon` with `not_allowed`).
    case tcp(host: String, port: UInt16, token: String?)
    /// An engine in this process (a test's in-process daemon): no socket, no daemon binary.
    case inProcess(InProcessEndpoint)

    /// Reads the form the command line and `ENTRYD_SOCKET` use: `tcp:HOST:PORT`, else a socket path.
    public init(_ text: String, token: String? = nil) {
        if text.hasPrefix("tcp:"), let colon = text.lastIndex(of: ":"), colon > text.index(text.startIndex, offsetBy: 3),
           let port = UInt16(text[text.index(after: colon)...]) {
            let host = String(text[text.index(text.startIndex, offsetBy: 4)..<colon])
            self = .tcp(host: host, port: port, token: token)
        } else {
            self = .unix(path: text)
        }
    }

    /// `ENTRYD_SOCKET` (and `ENTRYD_TOKEN` for a TCP endpoint), as `SIMCTL_CHILD_ENTRYD_SOCKET`
    /// hands it to an app in the simulator; nil when the variable is not set, so that a debug build
    /// launched without it stays off.
    public static func fromEnvironment() -> Endpoint? {
        guard let text = ProcessEnvironment.value("ENTRYD_SOCKET"), !text.isEmpty else { return nil }
        return Endpoint(text, token: ProcessEnvironment.value("ENTRYD_TOKEN"))
    }

    public var description: String {
        switch self {
        case .unix(let path): path
        case .tcp(let host, let port, _): "tcp:\(host):\(port)"
        case .inProcess(let host): host.description
        }
    }
}
