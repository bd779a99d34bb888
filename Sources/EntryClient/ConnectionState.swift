/// Where a connection is in its life, as one value: open, with the requests waiting for replies and
/// the sink its events go to, or ended, with why. An ended connection has no waiting request and no
/// sink to yield to, and an open one always has both, so neither a reply after the end nor a
/// request after `close()` can find something half torn down.
enum ConnectionState {
    case open(OpenConnection)
    case ended(ConnectionEnding)
}

/// Why a connection ended, which says what a request made after it is told.
enum ConnectionEnding: Sendable {
    /// This client closed it (`close()`, a driver's `stop()`).
    case closed
    /// The daemon closed it, or the transport failed: the daemon went away.
    case lost

    func error(path: String) -> EntryClientError {
        switch self {
        case .closed: .closed(path: path)
        case .lost: .disconnected(path: path)
        }
    }
}

/// What an open connection holds: requests sent and not yet answered, alone or sent together, and
/// the sink of its events. A class, so that the connection's actor updates it in place.
final class OpenConnection {
    var waiting: [Int: CheckedContinuation<Members, any Error>] = [:]
    /// A batch is under each of its numbers.
    var batches: [Int: RequestBatch] = [:]
    let events: AsyncStream<Incoming>.Continuation

    init(events: AsyncStream<Incoming>.Continuation) {
        self.events = events
    }

    /// Fails everything waiting with `error` and finishes the events: the connection ends.
    func end(with error: EntryClientError) {
        for continuation in waiting.values { continuation.resume(throwing: error) }
        waiting = [:]
        // Failing a batch again, under its next number, does nothing.
        for batch in batches.values { batch.failAll(error) }
        batches = [:]
        events.finish()
    }
}
