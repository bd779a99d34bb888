import EntryHost
import EntryHost
import EntryRouter

/// The daemon's turns: ending the router's turn and performing what it decided, in the order R16
/// asks (records committed, then replies and events written), and the router's timer.
extension Daemon {
    /// Ends the router's turn for `end` now (a timer's or the shutdown) and performs it.
    func feed(_ end: TurnEnd) {
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
    func endTurn() {
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
    func resumeAwaitingTurnEnd() {
        var waiting: [Connection] = []
        swap(&waiting, &awaitingTurnEnd)
        for connection in waiting { connection.turnEnded() }
    }

    /// The peer finished sending, and its last lines are answered: a sender's connection closes once
    /// they are written, and so does one whose peer closed its socket; a watcher or scene that only
    /// half-closed is written to until it closes.
    func endInput(of connection: Connection) {
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
    func perform() {
        var done = TurnResult()
        swap(&done, &result)
        let failure = done.commitAndStage(store: &recordsStore, on: &table)
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

    func closeConnections(_ ids: [ConnectionID]) {
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
    func armRouterTimer(_ at: Instant) {
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
    func routerTimerFired() {
        if clock.now < routerDeadline { armRouterTimer(routerDeadline) } else { feed(.timer) }
    }

    /// A failed commit breaks the promise of R16 for this turn: its ok replies become errors (so the
    /// senders retry), its events are dropped, and the daemon stops; the store keeps what it had,
    /// and a restart resumes from there.
    func storeFailed(_ error: StoreError) {
        log.error("store commit failed; stopping", ["store": .text(store.location), "error": .text(error.message)])
        beginShutdown(signal: "store failure", exitCode: 74)
    }
}
