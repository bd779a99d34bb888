import EntryDaemon
import EntryRouter
import Glibc

extension ServeOptions {
    /// Reads the flags of a parsed `serve` command; a bad value is a usage error naming its flag.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        self.init()
        socket = parsed.value("socket")
        if TCPConnection.names(SocketPath.resolve(flag: socket, environment: Environment.current, uid: getuid())) {
            throw UsageError("serve's --socket (or ENTRYD_SOCKET) names its Unix socket; listen on TCP with --listen tcp:HOST:PORT")
        }
        config = parsed.value("config")
        store = parsed.value("store")
        for text in parsed.values("listen") {
            guard let address = ListenAddress(text), address.isIPAddress else {
                throw UsageError("--listen expects tcp:HOST:PORT with an IP address or localhost as HOST "
                    + "(tcp:127.0.0.1:7000, tcp:[::1]:7000), got '\(text)'")
            }
            guard address.isLoopback || parsed.has("listen-public") else {
                throw UsageError("--listen \(text) is not a loopback address: other machines could reach the daemon; "
                    + "add --listen-public if they should (a container's published port)")
            }
            listen.append(address)
        }
        tokenFile = parsed.value("token-file")
        for text in parsed.values("allow-uid") {
            guard let uid = uid_t(text) else { throw UsageError("--allow-uid expects a numeric uid, got '\(text)'") }
            allowedUIDs.append(uid)
        }
        if let n = try parsed.positiveInt("max-clients") { maxClients = n }
        if let n = try parsed.positiveInt("max-awaiting-hello") { maxAwaitingHello = n }
        if let n = try parsed.positiveInt("max-pending") { router.maxPending = n }
        if let n = try parsed.positiveInt("max-payload") { router.maxPayloadBytes = n }
        if let n = try parsed.positiveInt("max-url") { router.maxURLBytes = n }
        if let n = try parsed.positiveInt("max-collapse-id") { router.maxCollapseIdBytes = n }
        if let n = try parsed.positiveInt("max-scenes") { router.maxScenesPerConnection = n }
        if let n = try parsed.positiveInt("max-shows-in-flight") { router.maxShowsInFlight = n }
        if let n = try parsed.positiveInt("max-screens") { router.maxScreens = n }
        if let n = try parsed.positiveInt("max-dedupe-keys") { router.maxDedupeKeys = n }
        if let text = parsed.value("dedupe-window") {
            guard let seconds = RelativeDuration.seconds(text), seconds <= Int64.max / 1000 else {
                throw UsageError("--dedupe-window expects a duration such as 30m, 24h or 7d, got '\(text)'")
            }
            router.dedupeWindowMilliseconds = seconds * 1000
        }
        var limits = connection
        if let n = try parsed.positiveInt("max-frame") { limits.maxFrame = n }
        if let n = try parsed.positiveInt("max-output") { limits.maxOutput = n }
        if let text = parsed.value("stall-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds < 86400 else {
                throw UsageError("--stall-timeout expects a positive number of seconds, got '\(text)'")
            }
            limits.stallTimeoutMilliseconds = UInt64((seconds * 1000).rounded(.up))
        }
        connection = ConnectionLimits(maxFrame: limits.maxFrame, maxOutput: limits.maxOutput,
                                      stallTimeoutMilliseconds: limits.stallTimeoutMilliseconds)
        if let text = parsed.value("clock") {
            guard let clock = DaemonClock(flag: text) else { throw UsageError("--clock expects wall or manual, got '\(text)'") }
            self.clock = clock
        }
        if let text = parsed.value("log-level") {
            guard let level = Log.Level(name: text) else {
                throw UsageError("--log-level expects one of \(Log.Level.allCases.map(\.name).joined(separator: ", ")), got '\(text)'")
            }
            logLevel = level
        }
        if let text = parsed.value("log-format") {
            guard let format = Log.Format(rawValue: text) else {
                throw UsageError("--log-format expects logfmt or json, got '\(text)'")
            }
            logFormat = format
        }
    }
}

extension ParsedArguments {
    /// The flag's value as a positive integer, if it was given.
    func positiveInt(_ flag: String) throws(UsageError) -> Int? {
        guard let text = value(flag) else { return nil }
        guard let n = Int(text), n > 0 else { throw UsageError("--\(flag) expects a positive integer, got '\(text)'") }
        return n
    }
}
