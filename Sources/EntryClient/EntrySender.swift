/// A sender's connection: what a test or a tool sends on the app's behalf (pushes, links,
/// retractions) and reads back (status, the watch stream).
public final class EntrySender: Sendable {
    private let connection: Connection
    public let endpoint: Endpoint

    public init(endpoint: Endpoint) async throws(EntryClientError) {
        self.endpoint = endpoint
        connection = try await Connection(endpoint: endpoint)
    }

    /// Sends a push payload (R16: the reply comes once the entry is stored).
    public func push(_ payload: APNsPayload, id: String? = nil, collapseId: String? = nil,
                     expiration: Int64? = nil) async throws(EntryClientError) -> EntryReceipt {
        try EntryReceipt(await connection.request(.push(payload, id: id, collapseId: collapseId, expiration: expiration)))
    }

    /// Sends the payload of an `.apns` file, as `xcrun simctl push` would deliver it.
    public func push(apnsFile path: String, id: String? = nil, collapseId: String? = nil,
                     expiration: Int64? = nil) async throws(EntryClientError) -> EntryReceipt {
        try await push(APNsPayload(file: path), id: id, collapseId: collapseId, expiration: expiration)
    }

    /// Opens a URL: a custom scheme, a universal link, or a widget's or shortcut's.
    public func open(_ url: String, source: OpenSource? = nil, id: String? = nil,
                     expiration: Int64? = nil) async throws(EntryClientError) -> EntryReceipt {
        try EntryReceipt(await connection.request(.open(url: url, source: source, id: id, expiration: expiration)))
    }

    /// Sends `push` and `open` requests in one write: the daemon reads them in one turn, as entries
    /// that arrive at once (R5: the highest priority is presented first whatever their order).
    /// Returns their receipts in order; the first refusal throws.
    public func sendTogether(_ requests: [EntryRequest]) async throws(EntryClientError) -> [EntryReceipt] {
        var receipts: [EntryReceipt] = []
        for result in await connection.requestTogether(requests) {
            receipts.append(try EntryReceipt(result.get()))
        }
        return receipts
    }

    /// Withdraws matching entries; returns how many.
    public func retract(_ target: RetractTarget) async throws(EntryClientError) -> Int {
        try await connection.request(.retract(target)).int(.retracted) ?? 0
    }

    /// One page of status; pass the page's `next` as `after` for the following one.
    public func status(limit: Int? = nil, after: String? = nil) async throws(EntryClientError) -> DaemonStatus {
        try DaemonStatus(await connection.request(.status(limit: limit, after: after)))
    }

    /// The system discarded the session of scene `name` (the user swiped the app away): what it was
    /// owed goes to the next ready scene.
    public func discarded(scene name: String) async throws(EntryClientError) {
        _ = try await connection.request(.scene(name, .discarded))
    }

    /// Moves the clock of a daemon started with `serve --clock manual`.
    public func advance(by duration: Duration) async throws(EntryClientError) {
        _ = try await connection.request(.advance(by: ClockSpan(duration)))
    }

    /// Every entry and scene change from now on, on a connection of its own; the sequence ends when
    /// the daemon goes away or the task reading it is cancelled.
    public func watch() async throws(EntryClientError) -> WatchStream {
        let watcher = try await Connection(endpoint: endpoint)
        do throws(EntryClientError) {
            _ = try await watcher.request(.watch)
        } catch {
            watcher.close()
            throw error
        }
        return WatchStream(connection: watcher) { incoming in
            if case .watch(let event) = incoming { event } else { nil }
        }
    }

    /// Sends a request as it is, for a request this type has no method for; returns nothing but
    /// whether it was accepted.
    public func send(_ request: EntryRequest) async throws(EntryClientError) {
        _ = try await connection.request(request)
    }

    public func close() {
        connection.close()
    }
}
