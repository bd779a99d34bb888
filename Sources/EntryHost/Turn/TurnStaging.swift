import EntryRouter

/// Where a host puts a turn's replies and events: its connections, by id. The daemon's are libuv
/// streams, a test's in-process host's are lines handed to the client in the same process; both
/// encode with the engine's line codec. A message for a connection that is gone is dropped, as a
/// socket that closed would drop it.
package protocol TurnStaging {
    mutating func stage(_ reply: borrowing Reply, on connection: ConnectionID)
    /// The reply to a push or open, encoded from its parts where the router keeps them.
    mutating func stage(req: RequestTag?, entry: borrowing EntryReply, on connection: ConnectionID)
    mutating func stage(_ event: borrowing Event, on connection: ConnectionID)
}
