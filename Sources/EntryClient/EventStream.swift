/// The events of one kind that a connection receives, in the order the daemon sent them: a scene's
/// (`SceneEvents`) or a watcher's (`WatchStream`). Iterating keeps the connection open; `close` ends it.
public struct EventStream<Element: Sendable>: AsyncSequence, Sendable {
    fileprivate let connection: Connection
    /// The event a line carries, when it is one of this stream's.
    fileprivate let pick: @Sendable (Incoming) -> Element?

    init(connection: Connection, pick: @escaping @Sendable (Incoming) -> Element?) {
        self.connection = connection
        self.pick = pick
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let connection: Connection
        fileprivate let pick: @Sendable (Incoming) -> Element?
        fileprivate var base: AsyncStream<Incoming>.AsyncIterator
        /// An event was returned and its reader has not asked for the next one yet: it is still
        /// being acted on.
        fileprivate var holding = false

        /// The next event. Asking for it says the reader is done with the one before, which an
        /// in-process host counts to tell when a test has gone quiet (`LineTransport.eventsHandled`);
        /// a line of another kind is done with at once.
        public mutating func next() async -> Element? {
            if holding {
                holding = false
                connection.eventsHandled(1)
            }
            while let incoming = await base.next() {
                if let event = pick(incoming) {
                    holding = true
                    return event
                }
                connection.eventsHandled(1)
            }
            return nil
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(connection: connection, pick: pick, base: connection.events.makeAsyncIterator())
    }

    public func close() {
        connection.close()
    }
}

/// A scene's events (`EntryScene.events`).
public typealias SceneEvents = EventStream<SceneEvent>

/// The events of a `watch` connection (`EntrySender.watch()`).
public typealias WatchStream = EventStream<WatchEvent>
