/// One connection to the daemon: numbers requests, matches each reply to its request, and hands
/// events on in the order they arrived.
///
/// The reader's lines reach the actor through one `AsyncStream`, drained by one task, so replies and
/// events keep the daemon's order (within a turn the replies come before the events).
actor Connection {
    private let transport: any LineTransport
    private var nextReq = 0
    private var waiting: [Int: CheckedContinuation<Members, any Error>] = [:]
    private var batches: [Int: Batch] = [:]
    private var ended = false
    private var eventSink: AsyncStream<Incoming>.Continuation?
    /// The events (scene and watch), in order; it finishes when the connection ends.
    nonisolated let events: AsyncStream<Incoming>

    init(endpoint: Endpoint) async throws(EntryClientError) {
        transport = try endpoint.connect()
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
        if case .tcp(_, _, let token) = endpoint { try await hello(token: token) }
    }

    /// The first line on a TCP connection (docs/PROTOCOL.md): the daemon reads nothing else before it.
    /// On the Unix socket it is not needed: the peer check stands in for it.
    private func hello(token: String?) async throws(EntryClientError) {
        _ = try await request(.hello(token: token))
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

    /// Sends `requests` in one write, so that the daemon reads them in one turn (R5: entries that
    /// arrive together are all queued before it decides what to present), and returns their
    /// replies in order.
    func requestTogether(_ requests: [EntryRequest]) async -> [Result<Members, EntryClientError>] {
        guard !ended else { return requests.map { _ in .failure(.disconnected(path: transport.path)) } }
        var bytes: [UInt8] = []
        var numbers: [Int] = []
        for request in requests {
            nextReq += 1
            numbers.append(nextReq)
            bytes += request.line(req: nextReq)
        }
        return await withCheckedContinuation { continuation in
            let batch = Batch(numbers: numbers, continuation: continuation)
            for number in numbers { batches[number] = batch }
            do throws(EntryClientError) {
                try transport.write(bytes)
            } catch {
                for number in numbers { batches[number] = nil }
                batch.failAll(error)
            }
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
            if let req, let batch = batches.removeValue(forKey: req) {
                batch.answer(req, result.mapError { .daemon($0) })
                return
            }
            guard let req, let continuation = waiting.removeValue(forKey: req) else { return }
            switch result {
            case .success(let members): continuation.resume(returning: members)
            case .failure(let error): continuation.resume(throwing: EntryClientError.daemon(error))
            }
        case .scene, .watch:
            eventSink?.yield(incoming)
        case .unknownEvent:
            transport.eventsHandled(1)
        }
    }

    private func end() {
        ended = true
        for continuation in waiting.values { continuation.resume(throwing: EntryClientError.disconnected(path: transport.path)) }
        waiting = [:]
        // A batch is under each of its numbers; failing it again does nothing.
        for batch in batches.values { batch.failAll(.disconnected(path: transport.path)) }
        batches = [:]
        eventSink?.finish()
        eventSink = nil
    }

    /// The reader of `events` is done with `count` of them.
    nonisolated func eventsHandled(_ count: Int) {
        transport.eventsHandled(count)
    }

    /// Closes the connection: waiting requests fail with `.disconnected`, the events finish.
    nonisolated func close() {
        transport.close()
    }

    deinit {
        transport.close()
    }
}

/// The replies of requests sent together, collected until the last one came.
private final class Batch {
    private let numbers: [Int]
    private var replies: [Int: Result<Members, EntryClientError>] = [:]
    private var continuation: CheckedContinuation<[Result<Members, EntryClientError>], Never>?

    init(numbers: [Int], continuation: CheckedContinuation<[Result<Members, EntryClientError>], Never>) {
        self.numbers = numbers
        self.continuation = continuation
    }

    func answer(_ number: Int, _ result: Result<Members, EntryClientError>) {
        replies[number] = result
        if replies.count == numbers.count { finish() }
    }

    /// Fails the requests not answered yet.
    func failAll(_ error: EntryClientError) {
        for number in numbers where replies[number] == nil { replies[number] = .failure(error) }
        finish()
    }

    private func finish() {
        guard replies.count == numbers.count else { return }
        continuation?.resume(returning: numbers.map { replies[$0]! })
        continuation = nil
    }
}
