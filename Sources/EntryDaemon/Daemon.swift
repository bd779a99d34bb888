import CUV
import EntryHost
import EntryRouter
import Glibc

/// The daemon: a libuv loop serving the wire protocol, executing the router's effects.
///
/// Everything happens on the loop thread. Inputs (decoded lines, disconnects, drains) join the
/// router's turn as they arrive; at the end of the loop turn, when the router's timer fires, or when
/// the daemon stops, the router ends its turn and hands back what it decided, and `perform` carries
/// it out: the records committed in one `store.commit` first, and only then the replies and events
/// written (R16).
///
/// This file starts and stops it; its turns are `Daemon+Turns.swift`, and accepting connections and
/// what they report `Daemon+Connections.swift`.
package final class Daemon {
    package let options: ServeOptions
    package let socketPath: String
    let log: Log
    let loop: Loop
    let store: EntryStore
    /// Where a turn's records are committed: nil when nothing is (a store that keeps nothing, or one
    /// whose commit failed, after which the daemon is stopping).
    var recordsStore: EntryStore?
    /// Exempt from the run-time exclusivity check (SE-0176), which would cost a `swift_beginAccess` and
    /// `swift_endAccess` per input handed to it: the router is touched only on the loop thread, and
    /// the router calls nothing of the daemon's, so no access to it can overlap another.
    @exclusivity(unchecked) var router: Router
    private let notifier: ReadinessNotifier?
    let ownUID = getuid()
    /// `--max-clients`, lowered at start to what the open-file limit allows.
    var maxClients: Int
    /// TCP connections let in and not yet admitted by `hello`: they hold none of `maxClients`' slots,
    /// and at most `--max-awaiting-hello` of them are let in at once.
    var awaitingHello: Set<ConnectionID> = []
    /// When a TCP connection was last closed at accept for the budget, so that a flood logs once a
    /// second, not once a connection.
    var lastBudgetWarning: Int64?

    /// Starting, serving (with its listeners), draining (with its grace timer and exit code), finished.
    private(set) var phase = DaemonPhase.starting
    /// What a TCP peer's `hello` must show; nil without `--listen`.
    let token: [UInt8]?
    /// The file the token was read from (`--token-file`, or `entryd.token` beside the store), for
    /// the log: a client is given it with `--token-file` or `ENTRYD_TOKEN`. nil without `--listen`.
    let tokenFile: String?
    private var socketIdentity: FileIdentity?
    /// The open connections, and the ones staged on in this turn. Exempt from the run-time exclusivity
    /// check for the reason `router` is: the daemon reads and changes it only from the loop thread,
    /// and a staging calls nothing of the daemon's.
    @exclusivity(unchecked) var table = ConnectionTable()
    /// What the router hands back when a turn ends, performed by `perform` and then emptied; the same
    /// lists go back and forth between the two from turn to turn. Exempt from the run-time
    /// exclusivity check for the reason `router` is.
    @exclusivity(unchecked) var result = TurnResult()
    var nextConnection: UInt64 = 1
    let turn: TurnBoundary
    /// Where the turn boundary's callback finds the daemon, which it is made before.
    private let turnEndTarget: TurnEndTarget
    let routerTimer: LoopTimer
    /// When the router asked to hear `.timer`. The timer's callback reads it here rather than capturing
    /// it, so a deadline that moves only reschedules the running timer (see `armRouterTimer`).
    @exclusivity(unchecked) var routerDeadline = Instant(milliseconds: 0)
    private var signals: [SignalWatcher] = []
    /// The time every input is stamped with: the wall clock, or a manual one that `advance` moves.
    var clock: DaemonClock

    /// Connections whose peer finished sending this turn: closed once this turn's replies are written.
    /// Exempt from the run-time exclusivity check (a `swift_beginAccess` every turn) for the reason
    /// `router` is: each access is a read or a swap that calls nothing.
    @exclusivity(unchecked) var endedThisTurn: [Connection] = []
    /// Connections whose lines asked for a turn's share of output (`ConnectionLimits.turnOutput`):
    /// their next lines are handed over once this turn's replies are out. Exempt for the reason
    /// `endedThisTurn` is.
    @exclusivity(unchecked) var awaitingTurnEnd: [Connection] = []

    /// Checks the socket path (before the store is opened: a live daemon owns it), reads the config,
    /// opens the store and builds the router; binds nothing yet.
    package init(options: ServeOptions, environment: [String: String]) throws(DaemonError) {
        self.options = options
        clock = options.clock
        maxClients = options.maxClients
        if let tooLow = DescriptorLimit.tooLowToStart() { throw .descriptorLimit(limit: tooLow.limit, needed: tooLow.needed) }
        let uid = getuid()
        socketPath = SocketPath.resolve(flag: options.socket, environment: environment, uid: uid)
        guard SocketPath.fits(socketPath) else { throw .socketPathTooLong(socketPath) }
        if let directory = SocketPath.privateDirectory(holding: socketPath, environment: environment, uid: uid),
           let problem = PrivateDirectory.claim(directory, uid: uid) {
            throw .socketDirectory(path: directory, problem)
        }
        log = Log(level: options.logLevel, format: options.logFormat)
        try Daemon.claimSocketPath(socketPath, log: log)
        let config = try RouterSetup.loadConfig(path: options.config)
        for warning in config.warnings {
            log.warn("config warning", ["file": .text(warning.file), "route": .text(warning.route ?? ""), "field": .text(warning.field),
                                        "problem": .text(warning.problem)])
        }
        store = try RouterSetup.openStore(location: options.store, limits: options.router)
        recordsStore = store.keepsRecords ? store : nil
        let loaded = try Daemon.loadToken(options, store: store)
        token = loaded?.token
        tokenFile = loaded?.path
        let setup = try RouterSetup.makeRouter(config: config, limits: options.routerLimits, store: store, at: clock.now)
        router = setup.router
        result = setup.startup
        notifier = ReadinessNotifier(environment: environment)
        do {
            loop = try Loop()
            routerTimer = try LoopTimer(loop: loop)
            let target = TurnEndTarget()
            turnEndTarget = target
            turn = try TurnBoundary(loop: loop) { target.daemon?._withUnsafeGuaranteedRef { $0.endTurn() } }
        } catch {
            throw .loop(error)
        }
        log.info("store opened", ["store": .text(store.location), "restored": .count(setup.restored)])
    }

    /// Serves until SIGTERM or SIGINT; returns the exit code. Fails before serving when the socket
    /// path is taken.
    package func run() throws(DaemonError) -> Int32 {
        SignalWatcher.ignoreBrokenPipe()
        do {
            try startServing()
        } catch {
            closeEverything()
            loop.run()
            try? loop.close()
            throw error
        }
        log.info("serving", ["socket": .text(socketPath), "config": .text(router.config.file ?? ""), "store": .text(store.location),
                             "pid": .count(getpid())])
        notify("READY=1")
        loop.run()
        do {
            try loop.close()
        } catch {
            log.error("handles left open at exit", ["error": "\(error)"])
            return 70
        }
        log.info("stopped", ["exit": .count(phase.exitCode)])
        return phase.exitCode
    }

    // MARK: Start and stop

    /// The token of `--token-file`, or of `entryd.token` beside the store file, and that file; nil
    /// without `--listen`.
    private static func loadToken(_ options: ServeOptions, store: EntryStore) throws(DaemonError) -> (token: [UInt8], path: String)? {
        guard !options.listen.isEmpty else { return nil }
        let path: String
        if let file = options.tokenFile {
            path = file
        } else if store.keepsRecords {
            path = TokenFile.defaultPath(besideStore: store.location)
        } else {
            throw .tokenFileNeeded
        }
        switch TokenFile.load(path, uid: getuid()) {
        case .success(let token): return (token, path)
        case .failure(let problem): throw .tokenFile(path: path, problem)
        }
    }

    /// Refuses a path a live daemon (or another user's listener) answers on or that is not a socket;
    /// removes a stale socket file.
    private static func claimSocketPath(_ path: String, log: Log) throws(DaemonError) {
        switch SocketPath.occupant(of: path) {
        case .nothing: break
        case .liveDaemon: throw .alreadyServing(path)
        case .foreignListener(let uid): throw .foreignListener(path: path, uid: uid)
        case .notASocket: throw .notASocket(path)
        case .staleSocket:
            log.warn("replacing stale socket (nobody answers on it)", ["socket": .text(path)])
            unlink(path)
        }
    }

    private func startServing() throws(DaemonError) {
        do {
            turnEndTarget.daemon = Unmanaged.passUnretained(self)
            // SIGHUP stops the daemon as SIGTERM does, rather than reloading the config: a new config
            // could drop routes that entries already acknowledged are waiting on, and a stop loses
            // nothing (every acknowledged entry is in the store) while a supervisor starts it again
            // with the new config.
            for (signum, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")] {
                let watcher = try SignalWatcher(loop: loop)
                signals.append(watcher)
                try watcher.start(signum) { [unowned self] _ in beginShutdown(signal: name) }
            }
            let listener = try PipeListener(loop: loop)
            var listeners = DaemonPhase.Listeners(unix: listener)
            phase = .serving(listeners)
            try listener.bind(path: socketPath, openToOthers: !options.allowedUIDs.isEmpty)
            warnIfAllowedUsersCannotEnter()
            socketIdentity = SocketPath.identity(of: socketPath)
            fitClientsToDescriptorLimit()
            // A burst of connects waits in the backlog until accepted: as many as may be served.
            try listener.listen(backlog: Int32(clamping: max(128, options.maxClients))) { [unowned self] in accept($0) }
            for address in options.listen {
                let tcp = try TCPListener(loop: loop, address: address)
                listeners.tcp.append(tcp)
                phase = .serving(listeners)
                let port = try tcp.bind()
                try tcp.listen(backlog: Int32(clamping: max(128, options.maxClients))) { [unowned self, unowned tcp] in
                    accept($0, from: tcp)
                }
                log.info("listening", ["listen": .text(ListenAddress(host: address.host, port: port).description),
                                       "public": address.isLoopback ? "false" : "true", "token_file": .text(tokenFile ?? "")])
            }
        } catch {
            throw .loop(error)
        }
        if !result.isEmpty { turn.mark() }
    }

    /// Says so when `--allow-uid` names users who cannot reach the socket, because its directory is
    /// closed to them (the default private directory is): the daemon would accept them, but they
    /// would get "permission denied" before it could.
    private func warnIfAllowedUsersCannotEnter() {
        guard !options.allowedUIDs.isEmpty else { return }
        let directory = parentDirectory(of: socketPath)
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & 0o001 == 0 else { return }
        log.warn("the socket's directory is closed to the uids of --allow-uid; serve with a --socket in a directory they can enter",
                 ["directory": .text(directory), "mode": "\(String(info.st_mode & 0o777, radix: 8))"])
    }

    /// Lowers `maxClients` to what the open-file limit allows, saying so, so that clients over it are
    /// answered `too_many_clients` rather than closed by libuv without a word.
    private func fitClientsToDescriptorLimit() {
        let fit = DescriptorLimit.clients(requested: options.maxClients)
        guard fit.clients < options.maxClients else { return }
        maxClients = fit.clients
        log.warn("--max-clients lowered to fit the open-file limit (RLIMIT_NOFILE)",
                 ["requested": .count(options.maxClients), "max_clients": .count(fit.clients), "nofile": .count(fit.limit)])
    }

    /// Stops accepting and tells the router; `cause` is the signal or the failure, for the log, and
    /// `exitCode` what `serve` exits with. A failure while already stopping only sets the exit code.
    func beginShutdown(signal cause: String, exitCode: Int32 = 0) {
        switch phase {
        case .serving(let listeners):
            listeners.close()
            phase = .draining(grace: nil, exitCode: exitCode)
        case .draining(let grace, let code):
            phase = .draining(grace: grace, exitCode: exitCode != 0 ? exitCode : code)
            return
        case .starting, .finished:
            return
        }
        log.info("shutting down", ["cause": .text(cause)])
        notify("STOPPING=1")
        for connection in table.connections.values { connection.stopReading() }
        feed(.shutdown)
    }

    /// Called at the end of the turn that handled `.shutdown`: every connection closes once its last
    /// replies are written, or when the grace period is over.
    func drainConnections() {
        for connection in table.connections.values { connection.closeAfterFlush(.requested("shutting down")) }
        guard !table.connections.isEmpty, case .draining(nil, let code) = phase, let timer = try? LoopTimer(loop: loop) else {
            return
        }
        phase = .draining(grace: timer, exitCode: code)
        timer.start(afterMilliseconds: options.shutdownGraceMilliseconds) { [unowned self] in
            for connection in table.connections.values { connection.close(.requested("shutdown grace period over")) }
        }
    }

    /// The last step: no connection is left; close the remaining handles so that the loop ends.
    func finishShutdown() {
        guard case .draining(_, let code) = phase else { return }
        if let socketIdentity, SocketPath.identity(of: socketPath) == socketIdentity {
            unlink(socketPath)
        }
        closeEverything()
        phase = .finished(exitCode: code)
    }

    /// Closes every handle: the phase's own (listeners, or the grace timer) and the daemon's.
    private func closeEverything() {
        switch phase {
        case .serving(let listeners): listeners.close()
        case .draining(let grace, _): grace?.close()
        case .starting, .finished: break
        }
        for connection in table.connections.values { connection.close(.requested("daemon stopping")) }
        turn.close()
        routerTimer.close()
        for watcher in signals { watcher.close() }
        signals = []
    }

    private func notify(_ state: String) {
        guard let notifier else { return }
        if let failure = notifier.send(state) {
            log.warn("readiness notification failed", ["state": .text(state), "socket": .text(notifier.path), "error": .text(failure)])
        }
    }
}

/// The daemon as the turn boundary's callback reaches it: the boundary is made in the daemon's `init`,
/// before the daemon can name itself, and told of it once serving starts. Held unretained and lent for
/// the call: the callback runs once per turn, where an `unowned(unsafe)` capture still retained and
/// released the daemon each time, and the boundary is closed before the daemon's `run` returns.
private final class TurnEndTarget {
    var daemon: Unmanaged<Daemon>?
}
