import CUV
import Glibc

/// Delivers one POSIX signal on the loop thread (libuv turns the signal into a loop event).
package final class SignalWatcher: UVHandleOwner {
    let signal: UnsafeMutablePointer<uv_signal_t>
    private var onSignal: ((Int32) -> Void)?

    package init(loop: Loop) throws(UVError) {
        signal = try initializedHandle("uv_signal_init") { uv_signal_init(loop.raw, $0) }
        retainOwner(self, in: asHandle(signal))
    }

    /// Starts watching `signum`, and unblocks it: a blocked mask is inherited across exec, and a
    /// daemon started by a parent that blocks SIGTERM would otherwise never hear it.
    package func start(_ signum: Int32, onSignal: @escaping (Int32) -> Void) throws(UVError) {
        self.onSignal = onSignal
        try uvCheck(uv_signal_start(signal, onSignalDelivered, signum), "uv_signal_start \(signum)")
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signum)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    package func close() {
        onSignal = nil
        closeHandle(asHandle(signal))
    }

    /// A client that disconnects while the daemon writes to it must cost a failed write, not the
    /// process: the default action of SIGPIPE is to terminate.
    package static func ignoreBrokenPipe() {
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    fileprivate func deliver(_ signum: Int32) { onSignal?(signum) }

    deinit { signal.deallocate() }
}

private func onSignalDelivered(_ handle: UnsafeMutablePointer<uv_signal_t>?, _ signum: Int32) {
    guard let handle else { return }
    withOwner(of: asHandle(handle), as: SignalWatcher.self) { $0.deliver(signum) }
}
