import EntryKit

/// Where `JSONWriter` and message encoding write: an `[UInt8]` (callers that keep the bytes: the
/// client's requests, the command line, the daemon's store and log, tests) or an `OutputBuffer` (a
/// connection's staged output). The writers are generic over it and specialized for both, so neither
/// pays for the other.
protocol JSONSink: ~Copyable {
    mutating func write(_ byte: UInt8)
    mutating func write(_ bytes: ByteView)
    /// Writes `"` and the longest prefix of `utf8` that JSON writes as it is (see
    /// `JSONEscaping.needsEscape`), then the closing `"` too when that prefix is all of `utf8`;
    /// returns the prefix's length. Most strings (ids, routes, params) are all prefix.
    mutating func writeQuotedPlainPrefix(_ utf8: ByteView) -> Int
}

extension JSONSink where Self: ~Copyable {
    /// Appends text known when the program was built (punctuation, keys with their quotes).
    mutating func write(_ text: StaticString) {
        write(ByteView(text))
    }
}

extension Array: JSONSink where Element == UInt8 {
    mutating func write(_ byte: UInt8) {
        append(byte)
    }

    mutating func write(_ bytes: ByteView) {
        append(contentsOf: bytes)
    }

    /// Byte by byte: the reference that `OutputBuffer`'s word-wise copy is tested against.
    mutating func writeQuotedPlainPrefix(_ utf8: ByteView) -> Int {
        append(ASCII.quote)
        var plain = 0
        while plain < utf8.count, !JSONEscaping.needsEscape(utf8[plain]) { plain += 1 }
        append(contentsOf: utf8.extracting(0..<plain))
        if plain == utf8.count { append(ASCII.quote) }
        return plain
    }
}

extension OutputBuffer: JSONSink {}
