/// What happened, as the daemon tells the router. Every input comes with the `Instant` it happened at.
public enum Input: Sendable, Hashable {
    /// A well-formed request line. Joins the current turn: its reply comes with the turn's end.
    case request(ConnectionID, Request)
    /// A line that could not be decoded; it still gets its reply, in order. `close` after replying
    /// (`frame_too_large`). Joins the current turn.
    case invalid(ConnectionID, req: RequestTag?, WireError, close: Bool)
    /// The connection closed (R15). Joins the current turn, so the daemon ends every loop turn in
    /// which it reported one with `.turnEnded`, whether or not lines were read.
    case disconnected(ConnectionID)
    /// Every line read in this loop turn has been handed in: decide presents, then reply (R5).
    /// Yields all of the turn's effects; an extra `.turnEnded` with nothing in the turn is harmless.
    case turnEnded
    /// Everything the daemon was asked to send to the connection has been written: it left the
    /// daemon. The shows in flight to its scenes are finished and the next ones go out (docs/PROTOCOL.md, across restarts).
    /// Joins the current turn, so the daemon ends the loop turn in which it reported one.
    case drained(ConnectionID)
    /// The clock reached a timer the router asked for (expiry). Ends the current turn, like `.turnEnded`.
    case timer
    /// The daemon stops: requests from now on get `shutting_down`. Ends the current turn, so the
    /// requests that came before it are answered normally.
    case shutdown
}

/// Why a turn ends, as `Router.endTurn(_:at:into:)` is told: the cases of `Input` that end a turn.
package enum TurnEnd: Sendable, Hashable {
    /// Every line read in this loop turn has been handed in (`Input.turnEnded`).
    case turnEnded
    /// The clock reached a timer the router asked for (`Input.timer`).
    case timer
    /// The daemon stops (`Input.shutdown`).
    case shutdown
}

/// What the router asks the daemon to do, as `Router.handle(_:at:)` returns it (a `TurnResult`'s
/// contents, one by one). The daemon performs them in order, except that
/// `persist` records of one turn are committed together before any `send` of that turn is written.
public enum Effect: Sendable, Hashable {
    case send(ConnectionID, Message)
    case persist(Record)
    case close(ConnectionID)
    /// Call back with `.timer` at this instant (replaces any earlier request).
    case armTimer(Instant)
    /// The dedupe window held more than `RouterLimits.maxDedupeKeys`: this many of its oldest keys
    /// were forgotten before their window ended, so a repeat of one is a new arrival. For the log.
    case dedupeKeysEvicted(Int)
    /// A scene's navigation stacks held more than `RouterLimits.maxScreens`: this many of the oldest
    /// screens were forgotten, and finishing one of them is an unknown screen's finish. For the log.
    case screensForgotten(Int)
}

/// A line to a client.
public enum Message: Sendable, Hashable {
    case reply(Reply)
    case event(Event)
}
