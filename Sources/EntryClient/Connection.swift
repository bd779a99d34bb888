/// One connection to the daemon: numbers requests, matches each reply to its request, and hands
/// events on in the order they arrived.
///
/// The reader's lines reach the actor through one `AsyncStream`, drained by one task, so replies and
/// events keep the daemon's order (within a turn the replies come before the events).
actor Connection {
    private let transport: SocketTransport
    private var nextReq = 0
    private var waiting: [Int: CheckedContinuation<Members, any Error>] = [:]
    private var ended = false
    private var eventSink: AsyncStream<Incoming>.Continuation?
    /// The events (scene and watch), in order; it finishes when the connection ends.
    nonisolated let events: AsyncStream<Incoming>

    init(endpoint: Endpoint) async throws(EntryClientError) {
        transport = try SocketTransport(endpoint: endpoint)
        let (events, sink) = AsyncStream.makeStream(of: Incoming.self)
        self.events = events
        eventSink = sink
        let (lines, lineSink) = AsyncStream.makeStream(of: [UInt8].self)
        transport.startReading(onLine: { lineSink.yield($0) }, onEnd: { lineSink.finish() })
        Task { [weak self] in
            for await line in lines {
                guard let self else { return }
                await self.receive(line)
            }
            await self?.end()
        }
        if case .tcp(_, _, let token) = endpoint {
            _ = try await request(.hello(token: token))
        }
    }

    /// Sends `request` and returns its reply's members; a refusal throws `.daemon`.
    func request(_ request: EntryRequest) async throws(EntryClientError) -> Members {
        guard !ended else { throw .disconnected(path: transport.path) }
        nextReq += 1
        let req = nextReq
        let line = request.line(req: req)
        do {
            return try await withCheckedThrowingContinuation { continuation in
                waiting[req] = continuation
                do {
                    try transport.write(line)
                } catch {
                    waiting[req] = nil
                    continuation.resume(throwing: error)
                }
            }
        } catch let error as EntryClientError {
            throw error
        } catch {
            throw .io(path: transport.path, operation: "request", reason: "\(error)")
        }
    }

    private func receive(_ line: [UInt8]) {
        let incoming: Incoming
        do {
            incoming = try Incoming.decode(line)
        } catch {
            // A line this client cannot read fails the oldest request waiting, which is the one it
            // answered if it was a reply; an unreadable event is dropped.
            if let oldest = waiting.keys.min(), let continuation = waiting.removeValue(forKey: oldest) {
                continuation.resume(throwing: error)
            }
            return
        }
        switch incoming {
        case .reply(let req, let result):
            guard let req, let continuation = waiting.removeValue(forKey: req) else { return }
            switch result {
            case .success(let members): continuation.resume(returning: members)
            case .failure(let error): continuation.resume(throwing: EntryClientError.daemon(error))
            }
        case .scene, .watch:
            eventSink?.yield(incoming)
        case .unknownEvent:
            break
        }
    }

    private func end() {
        ended = true
        for continuation in waiting.values { continuation.resume(throwing: EntryClientError.disconnected(path: transport.path)) }
        waiting = [:]
        eventSink?.finish()
        eventSink = nil
    }

    /// Closes the connection: waiting requests fail with `.disconnected`, the events finish.
    nonisolated func close() {
        transport.close()
    }

    deinit {
        transport.close()
    }
}
