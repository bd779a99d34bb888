/// Where the daemon is in its life, as one value rather than loose variables: the listeners exist
/// only while it serves, the grace timer and the exit code only once it stops, and nothing is left
/// once it has finished. A stopping daemon cannot be listening, nor a finished one draining.
enum DaemonPhase {
    /// Handles are being made; nothing listens yet.
    case starting
    case serving(Listeners)
    /// Stopping: nothing listens; connections get their last replies until `grace` (made at the end
    /// of the turn that handled `.shutdown`, when some connection is still open) closes the rest.
    case draining(grace: LoopTimer?, exitCode: Int32)
    case finished(exitCode: Int32)

    /// The Unix socket's listener and `--listen`'s.
    struct Listeners {
        var unix: PipeListener
        var tcp: [TCPListener] = []

        func close() {
            unix.close()
            for listener in tcp { listener.close() }
        }
    }

    var isDraining: Bool {
        if case .draining = self { true } else { false }
    }

    /// What `serve` exits with: 0 unless a failure stopped it.
    var exitCode: Int32 {
        switch self {
        case .starting, .serving: 0
        case .draining(_, let code), .finished(let code): code
        }
    }
}
