import EntryKit
import EntryRouter

/// Decodes the input as one request line. The daemon's entry point takes a shorter path for the
/// usual push (`RequestDecoding+Push.swift`), which must give what the general path gives for
/// every line; the general path is run on its own and the two compared.
enum RequestFuzzing {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        let view = BufferView(bytes)
        let decoded = Request.decode(bytes: view)
        let general = Request.decodeAny(view)
        expect(decoded == general, "the usual path gave \(decoded), the general path \(general)")
    }
}
