import CUV
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
/// This file starts and stops it and runs its turns; accepting connections and what they report is
/// `Daemon+Connections.swift`.
package final class Daemon {
    package let options: ServeOptions
    package let socketPath: String
    let log: Log
    let loop: Loop
    private let store: EntryStore
    /// Where a turn's records are committed: nil when nothing is (a store that keeps nothing, or one
    /// whose commit failed, after which the daemon is stopping).
    private var recordsStore: EntryStore?
    /// Exempt from the run-time exclusivity check (SE-0176), which would cost a `swift_beginAccess` and
    /// `swift_endAccess` per input handed to it: the router is touched only on the loop thread, and
    /// the router calls nothing of the daemon's, so no access to it can overlap another.
    @exclusivity(unchecked) private var router: Router
    private let notifier: ReadinessNotifier?
    let ownUID = getuid()
    /// `--max-clients`, lowered at start to what the open-file limit allows.
    var maxClients: Int

    /// Starting, serving (with its listeners), draining (with its grace timer and exit code), finished.
    private(set) var phase = DaemonPhase.starting
    /// What a TCP peer's `hello` must show; nil without `--listen`.
    let token: [UInt8]?
    private var socketIdentity: FileIdentity?
    /// The open connections, and the ones staged on in this turn. Exempt from the run-time exclusivity
    /// check for the reason `router` is: the daemon reads and changes it only from the loop thread,
    /// and a staging calls nothing of the daemon's.
    @exclusivity(unchecked) var table = ConnectionTable()
    /// What the router hands back when a turn ends, performed by `perform` and then emptied; the same
    /// lists go back and forth between the two from turn to turn. Exempt from the run-time
    /// exclusivity check for the reason `router` is.
    @exclusivity(unchecked) private var result = TurnResult()
    var nextConnection: UInt64 = 1
    let turn: TurnBoundary
    /// Where the turn boundary's callback finds the daemon, which it is made before.
    private let turnEndTarget: TurnEndTarget
    private let routerTimer: LoopTimer
    /// When the router asked to hear `.timer`. The timer's callback reads it here rather than capturing
    /// it, so a deadline that moves only reschedules the running timer (see `armRouterTimer`).
    @exclusivity(unchecked) private var routerDeadline = Instant(milliseconds: 0)
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
        token = try Daemon.loadToken(options, store: store)
        let setup = try RouterSetup.makeRouter(config: config, limits: options.router, store: store, at: clock.now)
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

    /// The token of `--token-file`, or of `entryd.token` beside the store file; nil without `--listen`.
    private static func loadToken(_ options: ServeOptions, store: EntryStore) throws(DaemonError) -> [UInt8]? {
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
        case .success(let token): return token
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
            for signum in [SIGTERM, SIGINT] {
                let watcher = try SignalWatcher(loop: loop)
                signals.append(watcher)
                try watcher.start(signum) { [unowned self] in beginShutdown(signal: $0 == SIGTERM ? "SIGTERM" : "SIGINT") }
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
                                       "public": address.isLoopback ? "false" : "true"])
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
    private func beginShutdown(signal cause: String, exitCode: Int32 = 0) {
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
    private func drainConnections() {
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
    private func finishShutdown() {
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

    // MARK: Turns

    /// Ends the router's turn for `end` now (a timer's or the shutdown) and performs it.
    private func feed(_ end: TurnEnd) {
        router.endTurn(end, at: clock.now, into: &result)
        perform()
        turn.mark()
    }

    /// Hands an input that only joins the turn (a line's, a disconnect, a drain) to the router, which
    /// queues it until the turn ends. The input moves into the router's turn, uncopied.
    func enqueue(_ input: consuming Input, at instant: Instant) {
        router.enqueue(input, at: instant)
        turn.mark()
    }

    /// The end of a loop turn: the router ends its turn, the daemon performs it, then closes the
    /// connections whose peers finished sending and, when stopping, lets the others drain.
    private func endTurn() {
        router.endTurn(.turnEnded, at: clock.now, into: &result)
        perform()
        if !endedThisTurn.isEmpty {
            var ended: [Connection] = []
            swap(&ended, &endedThisTurn)
            for connection in ended { endInput(of: connection) }
        }
        if !awaitingTurnEnd.isEmpty { resumeAwaitingTurnEnd() }
        if phase.isDraining {
            drainConnections()
            if table.connections.isEmpty { finishShutdown() }
        }
    }

    /// Hands over the lines that waited for this turn to end: they join the next turn (and a peer's
    /// end reached among them is handled at that turn's end, once they are answered). A connection
    /// whose unsent output is over `pauseAbove` keeps them until it is written.
    private func resumeAwaitingTurnEnd() {
        var waiting: [Connection] = []
        swap(&waiting, &awaitingTurnEnd)
        for connection in waiting { connection.turnEnded() }
    }

    /// The peer finished sending, and its last lines are answered: a sender's connection closes once
    /// they are written, and so does one whose peer closed its socket; a watcher or scene that only
    /// half-closed is written to until it closes.
    private func endInput(of connection: Connection) {
        if connection.role.receivesEvents && !connection.peerClosed {
            log.debug("peer finished sending; still writing to it", ["conn": "\(connection.id)"])
            connection.closeWhenPeerHangsUp()
        } else {
            connection.closeAfterFlush(.endOfInput)
        }
    }

    /// Performs what the router decided when its turn ended: the records committed and then the
    /// replies and events staged (`commitAndStage`, R16), then the closes and the timer, and one write
    /// per connection with staged output; a failed commit stops the daemon.
    ///
    /// The result is taken out of `result` while it is performed (a write that fails closes its
    /// connection, which reports to the daemon), and its emptied lists are put back for the router's
    /// next turn.
    private func perform() {
        var done = TurnResult()
        swap(&done, &result)
        let failure = table.commitAndStage(&done, store: &recordsStore)
        closeConnections(done.closes)
        if let at = done.timer { armRouterTimer(at) }
        if done.evictedDedupeKeys > 0 {
            log.info("dedupe window full: forgot its oldest keys before their window ended",
                     ["forgotten": .count(done.evictedDedupeKeys), "max_dedupe_keys": .count(options.router.maxDedupeKeys)])
        }
        if done.forgottenScreens > 0 {
            log.info("screens tracked for a scene past the limit: forgot the oldest (finishing one is an unknown screen's finish)",
                     ["forgotten": .count(done.forgottenScreens), "max_screens": .count(options.router.maxScreens)])
        }
        while let connection = table.takeStaged() { connection.flush() }
        done.clear()
        swap(&done, &result)
        if let failure { storeFailed(failure) }
    }

    private func closeConnections(_ ids: [ConnectionID]) {
        for id in ids {
            guard let connection = table.connections[id] else { continue }
            connection.flush()
            connection.closeAfterFlush(.requested("closed by the router"))
        }
    }

    /// Tells the router `.timer` once the wall clock has reached `at`, never before: a libuv timer
    /// counts whole milliseconds from the loop's cached time and can fire a little early, and the
    /// router does not arm a deadline again that it already armed, so an early `.timer` would be lost
    /// (an entry would stay pending past its expiry until some other input came). A running timer is
    /// moved, keeping its callback; only one that fired or was never started is given one.
    ///
    /// A manual clock's deadline in the future waits for an `advance`, whose turn ends at the later
    /// time and so does what `.timer` would.
    private func armRouterTimer(_ at: Instant) {
        routerDeadline = at
        if clock.isManual, at > clock.now {
            routerTimer.stop()
            return
        }
        let delay = UInt64(max(0, at.milliseconds - clock.now.milliseconds))
        guard !routerTimer.reschedule(afterMilliseconds: delay) else { return }
        routerTimer.start(afterMilliseconds: delay) { [unowned self] in routerTimerFired() }
    }

    /// The router's timer fired: `.timer` if the deadline is reached, else the timer is armed again.
    private func routerTimerFired() {
        if clock.now < routerDeadline { armRouterTimer(routerDeadline) } else { feed(.timer) }
    }

    /// A failed commit breaks the promise of R16 for this turn: its ok replies become errors (so the
    /// senders retry), its events are dropped, and the daemon stops; the store keeps what it had,
    /// and a restart resumes from there.
    private func storeFailed(_ error: StoreError) {
        log.error("store commit failed; stopping", ["store": .text(store.location), "error": .text(error.message)])
        beginShutdown(signal: "store failure", exitCode: 74)
    }
}

/// The daemon as the turn boundary's callback reaches it: the boundary is made in the daemon's `init`,
/// before the daemon can name itself, and told of it once serving starts. Held unretained and lent for
/// the call: the callback runs once per turn, where an `unowned(unsafe)` capture still retained and
/// released the daemon each time, and the boundary is closed before the daemon's `run` returns.
private final class TurnEndTarget {
    var daemon: Unmanaged<Daemon>?
}
