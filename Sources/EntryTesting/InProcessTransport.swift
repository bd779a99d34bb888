import EntryClient
import EntryHost

/// A client's connection to an in-process host: writes go into the host's queue of inputs, and the
/// lines the host sends are read back in order, as a socket's reader would read them.
///
/// What the host sends waits in a stream until the reader takes it, so that nothing is lost between
/// the connect and `startReading`, and no lock is needed: the host's task only yields to the
/// stream, and the reader's task only drains it.
final class InProcessTransport: LineTransport {
    let path: String
    private let link: InProcessLink
    private let received: AsyncStream<[UInt8]>

    init(host: InProcessHost, name: String) throws(EntryClientError) {
        path = name
        let (received, sink) = AsyncStream.makeStream(of: [UInt8].self)
        self.received = received
        guard let link = host.connect(receive: { sink.yield($0) }, end: { sink.finish() }) else {
            throw .noDaemon(path: name, reason: "the in-process daemon was stopped")
        }
        self.link = link
        finish = { sink.finish() }
    }

    /// Ends the reader's stream, as a socket's shut-down end does.
    private let finish: @Sendable () -> Void

    func write(_ bytes: [UInt8]) throws(EntryClientError) {
        guard link.write(bytes) else { throw .disconnected(path: path) }
    }

    func startReading(onLine: @escaping @Sendable ([UInt8]) -> Void, onEnd: @escaping @Sendable () -> Void) {
        let received = received
        Task {
            for await bytes in received {
                var start = 0
                while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    if newline > start { onLine(Array(bytes[start..<newline])) }
                    start = newline + 1
                }
            }
            onEnd()
        }
    }

    func close() {
        link.close()
        finish()
    }

    func eventsHandled(_ count: Int) {
        link.handled(count)
    }
}
