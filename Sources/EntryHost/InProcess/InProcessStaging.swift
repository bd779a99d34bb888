import EntryRouter

/// A turn's output for the in-process host's connections: each connection's lines in the order they
/// were staged, encoded by the engine's line codec as the daemon encodes them for a socket, and how
/// many of them are events (which the host counts until the client has handled them).
struct InProcessStaging: TurnStaging {
    /// The connections staged on, each once, in the order of their first message.
    private(set) var order: [ConnectionID] = []
    private(set) var output: [ConnectionID: (bytes: [UInt8], events: Int)] = [:]

    mutating func stage(_ reply: borrowing Reply, on connection: ConnectionID) {
        append(.reply(copy reply), on: connection)
    }

    mutating func stage(req: RequestTag?, entry: borrowing EntryReply, on connection: ConnectionID) {
        append(.reply(Reply(req: req, body: .success(.entry(copy entry)))), on: connection)
    }

    mutating func stage(_ event: borrowing Event, on connection: ConnectionID) {
        append(.event(copy event), on: connection)
    }

    private mutating func append(_ message: Message, on connection: ConnectionID) {
        if output[connection] == nil {
            order.append(connection)
            output[connection] = ([], 0)
        }
        message.encode(into: &output[connection]!.bytes)
        if case .event = message { output[connection]!.events += 1 }
    }
}
