/// Where `JSONWriter` and message encoding write: an `[UInt8]` (the public API, and callers that
/// keep the bytes) or an `OutputBuffer` (a connection's staged output). The writers are generic over
/// it and specialized for both, so neither pays for the other.
protocol JSONSink: ~Copyable {
    mutating func write(_ byte: UInt8)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension JSONSink where Self: ~Copyable {
    /// Appends text known when the program was built (punctuation, keys with their quotes).
    mutating func write(_ text: StaticString) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: JSONSink where Element == UInt8 {
    mutating func write(_ byte: UInt8) {
        append(byte)
    }

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}

extension OutputBuffer: JSONSink {}
