/// Splits a byte stream into newline-delimited frames (docs/PROTOCOL.md, framing), with nothing else:
/// no JSON, no UTF-8 (invalid bytes pass through to the parser, which answers `bad_json`).
///
/// Feed it what the socket read (`append`), then drain `next()` until it returns nil.
///
/// - A frame is a line without its terminator; `\n` and `\r\n` both end a line.
/// - Empty lines (also a bare `\r\n`) are skipped silently: a keep-alive newline or a trailing
///   blank line from `printf` is harmless and gets no reply.
/// - A line longer than `maxFrame` bytes (terminator not counted) yields `.tooLarge` once, as soon as
///   that is certain, even before its newline arrives; the decoder is then finished: the connection
///   is to be closed, so later bytes are ignored and `next()` returns nil.
/// - Frames are slices of the decoder's buffer: drop them before the next `append`, or the buffer's
///   storage is copied on write.
@usableFromInline package struct FrameDecoder: Sendable {
    /// One result of `next()`.
    @usableFromInline package enum Frame: Sendable, Hashable {
        case line(ArraySlice<UInt8>)
        /// A line exceeded `maxFrame`; nothing follows.
        case tooLarge
    }

    @usableFromInline package let maxFrame: Int
    /// The bytes read are `buffer[..<filled]`; what lies beyond is room left by earlier reads, whose
    /// bytes mean nothing. A read's bytes are copied into that room, and the array grows only when a
    /// read needs more: emptying it when every line was handed out (the usual end of a read) would go
    /// through `replaceSubrange`, and appending each read through the generic sequence path, a fixed
    /// cost that a read of one line would pay in full.
    @usableFromInline var buffer: [UInt8] = []
    /// How many bytes of `buffer` were read.
    @usableFromInline var filled = 0
    /// The first byte not yet handed out.
    @usableFromInline var start = 0
    /// Bytes from `start` up to here hold no newline: where the next search continues, so that a line
    /// trickling in byte by byte is scanned once, not once per byte.
    @usableFromInline var scanned = 0
    @usableFromInline var _isFinished = false
    /// Set after `.tooLarge` was returned.
    @inlinable package var isFinished: Bool { _isFinished }

    @inlinable package init(maxFrame: Int = 65_536) {
        precondition(maxFrame > 0, "maxFrame must be positive")
        self.maxFrame = maxFrame
    }

    /// True when bytes of an unterminated line are buffered (the slow-loris stall timer runs while
    /// this holds). Meaningful after `next()` returned nil.
    @inlinable package var hasPartialLine: Bool { !isFinished && start < filled }

    /// Adds bytes read from the connection.
    @inlinable package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isFinished, !bytes.isEmpty else { return }
        compact()
        let end = filled + bytes.count
        if buffer.count < end { buffer.append(contentsOf: repeatElement(0, count: end - buffer.count)) }
        let at = filled
        buffer.withUnsafeMutableBytes { room in
            UnsafeMutableRawBufferPointer(rebasing: room[at..<end]).copyMemory(from: bytes)
        }
        filled = end
    }

    /// Adds bytes read from the connection.
    @inlinable package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The next complete frame, or nil when more bytes are needed (or the decoder is finished).
    @inlinable package mutating func next() -> Frame? {
        switch find() {
        case .line(let range)?: .line(buffer[range])
        case .tooLarge?: .tooLarge
        case nil: nil
        }
    }

    /// What `next(lending:)` found: a line, which it lent to its body, or a line over `maxFrame`.
    @usableFromInline package enum Lent: Sendable, Hashable {
        case line
        case tooLarge
    }

    /// The next frame, as `next()` finds it, with a line lent to `body` where it lies in the buffer
    /// rather than sliced out of it: a slice holds the buffer, a retain and a release for every line
    /// the daemon reads. The bytes are valid only inside `body`, which must not use this decoder.
    /// Not generic, so that a caller in another module runs it specialized.
    @inlinable package mutating func next(lending body: (UnsafeBufferPointer<UInt8>) -> Void) -> Lent? {
        switch find() {
        case .line(let range)?:
            buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
            return .line
        case .tooLarge?:
            return .tooLarge
        case nil:
            return nil
        }
    }

    /// Where the next frame lies: a line's bytes in `buffer`, or a line over the limit.
    @usableFromInline enum Place {
        case line(Range<Int>)
        case tooLarge
    }

    @inlinable mutating func find() -> Place? {
        while !isFinished {
            guard let newline = findNewline() else {
                // A trailing `\r` may be the start of the terminator, so it does not count yet.
                let pending = filled - start
                let shortestLine = pending > 0 && buffer[filled - 1] == ASCII.carriageReturn ? pending - 1 : pending
                guard shortestLine > maxFrame else { return nil }
                finish()
                return .tooLarge
            }
            var end = newline
            if end > start, buffer[end - 1] == ASCII.carriageReturn { end -= 1 }
            let lineStart = start
            start = newline + 1
            scanned = start
            if end - lineStart > maxFrame {
                finish()
                return .tooLarge
            }
            if end > lineStart { return .line(lineStart..<end) }
        }
        return nil
    }

    @inlinable mutating func finish() {
        _isFinished = true
        buffer = []
        filled = 0
        start = 0
        scanned = 0
    }

    /// Searches sixteen bytes per step (one vector compare), then eight (SWAR) in the block that holds
    /// the newline or the tail shorter than a block: the scan runs over every byte the daemon reads.
    @inlinable mutating func findNewline() -> Int? {
        let count = filled
        let found: Int? = buffer.withUnsafeBytes { bytes in
            var i = scanned
            if let base = bytes.baseAddress {
                let newlineBlock = SIMD16<UInt8>(repeating: ASCII.newline)
                while i &+ 16 <= count {
                    if any(base.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self) .== newlineBlock) { break }
                    i &+= 16
                }
                let newlines: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
                let ones: UInt64 = 0x0101_0101_0101_0101
                let highBits: UInt64 = 0x8080_8080_8080_8080
                while i &+ 8 <= count {
                    // A byte of `word` is zero where the input holds a newline; the classic
                    // "has zero byte" test marks the first such byte exactly (later marks may be
                    // false positives, but only the lowest one is used).
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) ^ newlines
                    let marks = (word &- ones) & ~word & highBits
                    if marks != 0 { return i &+ marks.trailingZeroBitCount / 8 }
                    i &+= 8
                }
            }
            while i < count {
                if bytes[i] == ASCII.newline { return i }
                i += 1
            }
            return nil
        }
        if found == nil { scanned = filled }
        return found
    }

    /// Drops the bytes already handed out. Everything consumed (the common case: reads end on a line
    /// boundary) costs nothing; otherwise the tail moves only when the consumed head is at least as
    /// long as it, so each byte is moved a bounded number of times: linear overall, never quadratic.
    /// The tail then goes where no byte of it lies, so the two ranges never overlap.
    @inlinable mutating func compact() {
        guard start > 0 else { return }
        let tail = filled - start
        guard start >= tail else { return }
        if tail > 0 {
            let from = start
            buffer.withUnsafeMutableBytes { room in
                room.baseAddress!.copyMemory(from: room.baseAddress! + from, byteCount: tail)
            }
        }
        filled = tail
        scanned -= start
        start = 0
    }
}
