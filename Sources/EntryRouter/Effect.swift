/// What happened, as the daemon tells the router. Every input comes with the `Instant` it happened at.
public enum Input: Sendable, Hashable {
    /// A well-formed request line.
    case request(ConnectionID, Request)
    /// A line that could not be decoded; it still gets its reply, in order. `close` after replying
    /// (`frame_too_large`).
    case invalid(ConnectionID, req: JSONValue?, WireError, close: Bool)
    /// The connection closed (R15).
    case disconnected(ConnectionID)
    /// Every line read in this loop turn has been handed in: decide presents, then reply (R5).
    case turnEnded
    /// The clock reached a timer the router asked for (expiry).
    case timer
    /// The daemon stops: requests from now on get `shutting_down`.
    case shutdown
}

/// What the router asks the daemon to do. The daemon performs them in order, except that
/// `persist` records of one turn are committed together before any `send` of that turn is written.
public enum Effect: Sendable, Hashable {
    case send(ConnectionID, Message)
    case persist(Record)
    case close(ConnectionID)
    /// Call back with `.timer` at this instant (replaces any earlier request).
    case armTimer(Instant)
}

/// A line to a client.
public enum Message: Sendable, Hashable {
    case reply(Reply)
    case event(Event)
}
