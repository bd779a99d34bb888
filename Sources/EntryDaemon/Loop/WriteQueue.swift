import CUV

/// A connection's outgoing bytes: written at once with `uv_try_write` when nothing is queued, and
/// whatever the socket did not take is queued as a `uv_write` request owning a copy of the bytes.
///
/// `unsentBytes` counts what has been handed over but not yet written; the connection compares it
/// with its output cap and its backpressure threshold.
struct WriteQueue {
    private(set) var unsentBytes = 0
    private var inFlight = 0

    /// Writes `bytes` (not empty); returns once they are written or queued. What the socket does not
    /// take at once is copied, so the caller may reuse `bytes` afterwards.
    mutating func write(_ bytes: UnsafeRawBufferPointer, to stream: UnsafeMutablePointer<uv_stream_t>,
                        for connection: Connection) throws(UVError) {
        var written = 0
        if inFlight == 0 {
            var buf = uv_buf_init(UnsafeMutablePointer(mutating: bytes.baseAddress!.assumingMemoryBound(to: CChar.self)),
                                  UInt32(bytes.count))
            let result = uv_try_write(stream, &buf, 1)
            if result >= 0 {
                written = Int(result)
            } else if result != UV_EAGAIN.rawValue {
                throw UVError(code: result, operation: "write")
            }
        }
        guard written < bytes.count else { return }
        let request = WriteRequest(UnsafeRawBufferPointer(rebasing: bytes[written...]), connection: connection)
        try request.submit(on: stream)
        unsentBytes += request.storage.count
        inFlight += 1
    }

    /// A queued request finished (written, failed or cancelled).
    mutating func finished(byteCount: Int) {
        unsentBytes -= byteCount
        inFlight -= 1
    }
}

/// One queued `uv_write`: the request and the bytes it writes, alive until its callback.
final class WriteRequest {
    let request: UnsafeMutablePointer<uv_write_t>
    let storage: UnsafeMutableRawBufferPointer
    let connection: Connection

    init(_ bytes: UnsafeRawBufferPointer, connection: Connection) {
        request = .allocate(capacity: 1)
        storage = .allocate(byteCount: bytes.count, alignment: 1)
        storage.copyBytes(from: bytes)
        self.connection = connection
    }

    func submit(on stream: UnsafeMutablePointer<uv_stream_t>) throws(UVError) {
        var buf = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(storage.count))
        request.pointee.data = Unmanaged.passRetained(self).toOpaque()
        let result = uv_write(request, stream, &buf, 1, onWriteDone)
        if result < 0 {
            Unmanaged<WriteRequest>.fromOpaque(request.pointee.data!).release()
            throw UVError(code: result, operation: "write")
        }
    }

    deinit {
        request.deallocate()
        storage.deallocate()
    }
}

private func onWriteDone(_ request: UnsafeMutablePointer<uv_write_t>?, _ status: Int32) {
    guard let request, let data = request.pointee.data else { return }
    let write = Unmanaged<WriteRequest>.fromOpaque(data).takeRetainedValue()
    write.connection.writeFinished(byteCount: write.storage.count,
                                   error: status < 0 ? UVError(code: status, operation: "write") : nil)
}
