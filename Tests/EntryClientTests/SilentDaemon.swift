import EntryClient

/// A daemon that takes every line a client writes and answers only when the test says: what a
/// connect or a request waits on while a test cancels its task, with no wall clock involved.
struct SilentDaemon {
    let endpoint: Endpoint
    /// Each connection a client opens, in order, until `finish()`.
    let connections: AsyncStream<SilentConnection>
    private let opened: AsyncStream<SilentConnection>.Continuation

    init() {
        let (connections, opened) = AsyncStream.makeStream(of: SilentConnection.self)
        self.connections = connections
        self.opened = opened
        endpoint = .inProcess(InProcessEndpoint(name: "silent") { () throws(EntryClientError) in
            let connection = SilentConnection()
            opened.yield(connection)
            return connection
        })
    }

    /// Ends `connections` after those opened so far.
    func finish() {
        opened.finish()
    }
}

/// One client connection to a `SilentDaemon`: the lines the client wrote, whether it closed, and a
/// way to answer.
final class SilentConnection: LineTransport {
    let path = "in-process:silent"
    /// Each write, as text.
    let written: AsyncStream<String>
    private let writtenSink: AsyncStream<String>.Continuation
    /// Ends when the client closes the connection.
    let closed: AsyncStream<Never>
    private let closedSink: AsyncStream<Never>.Continuation
    private let toClient: AsyncStream<[UInt8]>
    private let toClientSink: AsyncStream<[UInt8]>.Continuation

    init() {
        (written, writtenSink) = AsyncStream.makeStream(of: String.self)
        (closed, closedSink) = AsyncStream.makeStream(of: Never.self)
        (toClient, toClientSink) = AsyncStream.makeStream(of: [UInt8].self)
    }

    func write(_ bytes: [UInt8]) throws(EntryClientError) {
        writtenSink.yield(String(decoding: bytes, as: UTF8.self))
    }

    func startReading(onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        let toClient = toClient
        Task {
            for await line in toClient { onLine(line) }
            onEnd()
        }
    }

    func close() {
        toClientSink.finish()
        closedSink.finish()
        writtenSink.finish()
    }

    /// Sends the client `line` (without its newline).
    func answer(_ line: String) {
        toClientSink.yield(Array(line.utf8))
    }

    /// The next line the client writes.
    func nextWrite() async -> String? {
        await written.first { _ in true }
    }

    /// Returns once the client closed the connection.
    func untilClosed() async {
        for await _ in closed {}
    }
}
