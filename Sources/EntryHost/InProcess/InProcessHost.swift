import EntryRouter

/// The engine as a test's own process hosts it: no socket, no file, no C library. It does what the
/// daemon does with the same pieces: lines framed by the daemon's `FrameDecoder` and decoded by its
/// request decoder; a client's write is one turn, as lines read together are; a turn is performed by
/// `TurnResult.commitAndStage` (records committed to a `MemoryStore`, then replies and events in
/// R16's order) and its output encoded by the engine's line codec; a scene's events are finished
/// (`.drained`) once handed to its client; and `restart()` is a crash, after which the router is
/// rebuilt from the committed records by `RouterRecovery`, as the daemon rebuilds it from its file.
///
/// Its clock is manual: it starts at the instant given and moves only with `advance`, so a test in
/// this process waits on nothing.
///
/// One task owns all its state (the router, the store, the connections), as the daemon's loop thread
/// does; everything reaches it through one ordered queue of inputs.
package final class InProcessHost: Sendable {
    private let inputs: AsyncStream<InProcessInput>.Continuation
    /// The config it serves, for what a test checks against it.
    package let config: Config

    /// What the host has done so far, for telling when a test has gone quiet.
    package struct Quiescence: Sendable, Equatable {
        /// Events sent to scenes that their clients have not yet handled.
        package var unhandledEvents: Int
        /// Inputs handled so far: unchanged between two looks, nothing happened in between.
        package var activity: Int
    }

    /// Builds the router for `config` from an empty store and starts serving it.
    package init(config: Config, limits: RouterLimits = RouterLimits(), maxFrame: Int = 65_536, startingAt now: Instant) throws(StoreError) {
        self.config = config
        let engine = try InProcessEngine(config: config, limits: limits, maxFrame: maxFrame, now: now)
        let (stream, continuation) = AsyncStream.makeStream(of: InProcessInput.self)
        inputs = continuation
        Task {
            for await input in stream {
                guard engine.handle(input) else { break }
            }
            engine.stop()
        }
    }

    /// A new connection: `receive` gets the lines the host sends it, `end` is called when the host
    /// ends it. Nil once the host has stopped, as a socket nobody listens on refuses.
    package func connect(receive: @escaping @Sendable ([UInt8]) -> Void, end: @escaping @Sendable () -> Void) -> InProcessLink? {
        let link = InProcessLink(inputs: inputs, receive: receive, end: end)
        if case .terminated = inputs.yield(.opened(link)) { return nil }
        return link
    }

    /// A crash and a relaunch: every connection ends, and the router is rebuilt from what the store
    /// committed. Returns once the new router serves.
    package func restart() async throws {
        try await withCheckedThrowingContinuation { inputs.yield(.restart($0)) }
    }

    /// How things stand once every input sent before this call has been handled.
    package func quiescence() async -> Quiescence {
        await withCheckedContinuation { inputs.yield(.quiescence($0)) }
    }

    /// Ends every connection and the host's task.
    package func stop() {
        inputs.yield(.stop)
        inputs.finish()
    }

    deinit {
        stop()
    }
}
