import EntryRouter

/// Decodes the input as one request line, from an array slice and from the bytes where they lie:
/// the two entry points the daemon uses must give the same answer.
enum RequestFuzzing {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let lent = Request.decode(bytes: bytes)
        let sliced = Request.decode(line: Array(bytes)[...])
        expect(lent == sliced, "decoding in place gave \(lent), from a slice \(sliced)")
    }
}
