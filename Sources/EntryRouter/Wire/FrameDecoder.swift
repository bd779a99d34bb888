/// Splits a byte stream into newline-terminated frames (NDJSON), bounded by a maximum frame size.
///
/// Bytes are appended as they are read; `next()` hands out each complete line without its `\n`
/// (and without a `\r` before it). A line longer than `maxFrame` yields `.tooLarge` once, and its
/// bytes are skipped up to the next newline, so a huge line is never buffered whole.
public struct FrameDecoder {
    public let maxFrame: Int
    private var buffer: [UInt8] = []
    /// Start of the unread part of `buffer`.
    private var start = 0
    /// Where the search for the next newline resumes (everything before has none).
    private var scanned = 0
    /// Skipping the rest of a line already reported as too large.
    private var discarding = false

    public init(maxFrame: Int) {
        self.maxFrame = maxFrame
    }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= start
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    public mutating func next() -> Frame? {
        while true {
            guard let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) else {
                scanned = buffer.count
                if discarding {
                    start = buffer.count
                    return nil
                }
                if buffer.count - start > maxFrame {
                    discarding = true
                    start = buffer.count
                    return .tooLarge
                }
                return nil
            }
            let lineStart = start
            start = newline + 1
            scanned = start
            if discarding {
                discarding = false
                continue
            }
            var end = newline
            if end > lineStart && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            if end - lineStart > maxFrame { return .tooLarge }
            return .line(buffer[lineStart..<end])
        }
    }

    /// Whether bytes of an unfinished line are waiting for their newline (a stalled sender, slow-loris).
    public var hasPartialLine: Bool { discarding || start < buffer.count }
}

/// One unit the frame decoder produces.
public enum Frame: Sendable, Hashable {
    /// A complete line, without its terminator.
    case line(ArraySlice<UInt8>)
    /// A line longer than the frame limit (SPEC §3: `frame_too_large`, then close).
    case tooLarge
}
