/// One connection to the daemon: numbers requests, matches each reply to its request, and hands
/// events on in the order they arrived.
///
/// The reader's lines reach the actor through one `AsyncStream`, drained by one task, so replies and
/// events keep the daemon's order (within a turn the replies come before the events). `close()`
/// goes through the same stream, so that the end it causes is told apart from the daemon's.
///
/// A request whose task is cancelled returns at once with `.cancelled`; its reply, if it comes, is
/// dropped. A request after the end is refused with why it ended (`.closed`, `.disconnected`).
actor Connection {
    private let transport: any LineTransport
    private var nextReq = 0
    private var state: ConnectionState
    /// The events (scene and watch), in order; it finishes when the connection ends.
    nonisolated let events: AsyncStream<Incoming>
    /// The transport's lines, then this client's close or the transport's end, in that order.
    private nonisolated let inbound: AsyncStream<Inbound>.Continuation

    private enum Inbound: Sendable {
        case line([UInt8])
        case closedHere
    }

    init(endpoint: Endpoint) async throws(EntryClientError) {
        guard !Task.isCancelled else { throw .cancelled(path: endpoint.description, operation: "connect") }
        transport = try endpoint.connect()
        let (events, sink) = AsyncStream.makeStream(of: Incoming.self)
        self.events = events
        state = .open(OpenConnection(events: sink))
        let (inbound, inboundSink) = AsyncStream.makeStream(of: Inbound.self)
        self.inbound = inboundSink
        transport.startReading(onLine: { inboundSink.yield(.line($0)) }, onEnd: { inboundSink.finish() })
        Task { [weak self] in
            for await item in inbound {
                guard let self else { return }
                switch item {
                case .line(let line): await self.receive(line)
                case .closedHere: await self.end(.closed)
                }
            }
            await self?.end(.lost)
        }
        if case .tcp(_, _, let token) = endpoint {
            do throws(EntryClientError) {
                try await hello(token: token)
            } catch {
                close()
                throw error
            }
        }
    }

    /// The first line on a TCP connection (docs/PROTOCOL.md): the daemon reads nothing else before it.
    /// On the Unix socket it is not needed: the peer check stands in for it.
    private func hello(token: String?) async throws(EntryClientError) {
        _ = try await request(.hello(token: token))
    }

    /// Sends `request` and returns its reply's members; a refusal throws `.daemon`, a cancelled task
    /// `.cancelled`.
    func request(_ request: EntryRequest) async throws(EntryClientError) -> Members {
        _ = try openState()
        guard !Task.isCancelled else { throw .cancelled(path: transport.path, operation: Self.operation(of: request)) }
        nextReq += 1
        let req = nextReq
        let line = request.line(req: req)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    do throws(EntryClientError) {
                        try send(line, awaitedBy: continuation, as: req)
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            } onCancel: {
                Task { await self.cancel(req, request) }
            }
        } catch let error as EntryClientError {
            throw error
        } catch {
            throw .io(path: transport.path, operation: "request", reason: "\(error)")
        }
    }

    /// Registers `continuation` for the reply to `req` and writes `line`; throws, with nothing
    /// registered, when the connection ended meanwhile or the write fails.
    private func send(_ line: [UInt8], awaitedBy continuation: CheckedContinuation<Members, any Error>, as req: Int) throws(EntryClientError) {
        let open = try openState()
        open.waiting[req] = continuation
        do throws(EntryClientError) {
            try transport.write(line)
        } catch {
            open.waiting[req] = nil
            throw error
        }
    }

    /// Sends `requests` in one write, so that the daemon reads them in one turn (R5: entries that
    /// arrive together are all queued before it decides what to present), and returns their
    /// replies in order.
    func requestTogether(_ requests: [EntryRequest]) async -> [Result<Members, EntryClientError>] {
        guard !requests.isEmpty else { return [] }
        do {
            _ = try openState()
        } catch {
            return requests.map { _ in .failure(error) }
        }
        guard !Task.isCancelled else {
            return requests.map { .failure(.cancelled(path: transport.path, operation: Self.operation(of: $0))) }
        }
        let numbers = Array(nextReq + 1...nextReq + requests.count)
        nextReq += requests.count
        var bytes: [UInt8] = []
        for (request, number) in zip(requests, numbers) { bytes += request.line(req: number) }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let batch = RequestBatch(numbers: numbers, continuation: continuation)
                do throws(EntryClientError) {
                    let open = try openState()
                    for number in numbers { open.batches[number] = batch }
                    do throws(EntryClientError) {
                        try transport.write(bytes)
                    } catch {
                        for number in numbers { open.batches[number] = nil }
                        throw error
                    }
                } catch {
                    batch.failAll(error)
                }
            }
        } onCancel: {
            Task { await self.cancelBatch(numbers) }
        }
    }

    /// What an open connection holds; after the end, why it ended.
    private func openState() throws(EntryClientError) -> OpenConnection {
        switch state {
        case .open(let open): open
        case .ended(let ending): throw ending.error(path: transport.path)
        }
    }

    /// The task waiting for request `req` was cancelled: it returns now, and its reply is dropped.
    private func cancel(_ req: Int, _ request: EntryRequest) {
        guard case .open(let open) = state, let continuation = open.waiting.removeValue(forKey: req) else { return }
        continuation.resume(throwing: EntryClientError.cancelled(path: transport.path, operation: Self.operation(of: request)))
    }

    /// The task waiting for requests sent together was cancelled: those not answered fail.
    private func cancelBatch(_ numbers: [Int]) {
        guard case .open(let open) = state, let batch = numbers.lazy.compactMap({ open.batches[$0] }).first else { return }
        for number in numbers { open.batches[number] = nil }
        batch.failAll(.cancelled(path: transport.path, operation: "requests sent together"))
    }

    /// The op a request names, as errors show it (`scene.connect`, `push`).
    private static func operation(of request: EntryRequest) -> String {
        if case .object(let members) = request.json(req: nil), case .string(let op)? = members["op"] { return op }
        return "request"
    }

    private func receive(_ line: [UInt8]) {
        guard case .open(let open) = state else { return }
        let incoming: Incoming
        do {
            incoming = try Incoming.decode(line)
        } catch {
            // A line this client cannot read fails the oldest request waiting, which is the one it
            // answered if it was a reply; an unreadable event is dropped.
            if let oldest = open.waiting.keys.min(), let continuation = open.waiting.removeValue(forKey: oldest) {
                continuation.resume(throwing: error)
            }
            return
        }
        switch incoming {
        case .reply(let req, let result):
            if let req, let batch = open.batches.removeValue(forKey: req) {
                batch.answer(req, result.mapError { .daemon($0) })
                return
            }
            guard let req, let continuation = open.waiting.removeValue(forKey: req) else { return }
            switch result {
            case .success(let members): continuation.resume(returning: members)
            case .failure(let error): continuation.resume(throwing: EntryClientError.daemon(error))
            }
        case .scene, .watch:
            open.events.yield(incoming)
        case .unknownEvent:
            transport.eventsHandled(1)
        }
    }

    /// The connection ended: what waits fails with why, the events finish. Only the first end counts.
    private func end(_ ending: ConnectionEnding) {
        guard case .open(let open) = state else { return }
        state = .ended(ending)
        open.end(with: ending.error(path: transport.path))
    }

    /// The reader of `events` is done with `count` of them.
    nonisolated func eventsHandled(_ count: Int) {
        transport.eventsHandled(count)
    }

    /// Closes the connection: waiting requests fail with `.closed`, the events finish, and requests
    /// after it are refused with `.closed`.
    nonisolated func close() {
        inbound.yield(.closedHere)
        inbound.finish()
        transport.close()
    }

    deinit {
        transport.close()
    }
}
