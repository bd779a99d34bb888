import EntryKit

/// One decoder that reads bytes from outside the daemon, driven by the fuzzer and by the corpus
/// replay in the tests through the same `run`.
///
/// Each target does more than look for a crash: where a second way to the same answer exists (a
/// line split differently, a value written and read back), it checks that both agree, and stops
/// the process with the input's story when they do not, so the fuzzer keeps the input.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `FrameDecoder`: the byte stream split into lines.
    case frame
    /// `Request.decode`: one line into a typed request, the usual push's short path against the general one.
    case request
    /// `RoutingTable.route(url:)` and `explain(url:)` on the embedded config: URL parsing, matching
    /// and redirects.
    case url
    /// `Config.load` and, for a config that loads, the routing table built from it.
    case config
    /// The store's `params` and `steps` columns, as a row read from the file holds them.
    case store

    /// Runs one input through the target.
    public func run(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch self {
        case .frame: FrameFuzzing.run(bytes)
        case .request: RequestFuzzing.run(bytes)
        case .url: URLFuzzing.run(bytes)
        case .config: ConfigFuzzing.run(bytes)
        case .store: StoreRowFuzzing.run(bytes)
        }
    }

    /// Runs one input through the target.
    public func run(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { run($0) }
    }
}

/// Stops the process when a target's own check fails: the fuzzer then keeps the input as a crash.
func expect(_ condition: Bool, _ story: @autoclosure () -> String) {
    guard !condition else { return }
    fatalError(story())
}
