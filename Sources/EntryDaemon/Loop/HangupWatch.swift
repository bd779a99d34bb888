import CUV
import Glibc

/// Notices that a peer which shut down only its sending side has now closed its socket, so that a
/// watcher or scene that half-closed and then went away is disconnected at once rather than at the
/// next write to it.
///
/// After the end of the stream the connection reads no more (its socket would be readable forever),
/// so nothing else watches it. A Unix socket reports a hang-up (`POLLHUP`) once both directions are
/// shut down, and epoll reports a hang-up whatever was asked. The watch polls a duplicate of the
/// connection's descriptor (libuv allows one watcher per descriptor) for priority data, which a
/// Unix stream socket never has: it wakes only at the hang-up (or an error), never for the end of
/// stream already seen, which would wake it on every turn.
final class HangupWatch: UVHandleOwner {
    private let poll: UnsafeMutablePointer<uv_poll_t>
    private let descriptor: Int32
    private var onHangup: (() -> Void)?

    /// Starts watching a duplicate of `fd`; nil when no descriptor is left to duplicate it (the
    /// hang-up is then noticed at the next write).
    init?(loop: Loop, watching fd: Int32, onHangup: @escaping () -> Void) {
        let duplicate = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { return nil }
        guard let handle = try? initializedHandle("uv_poll_init", { uv_poll_init(loop.raw, $0, duplicate) }) else {
            Glibc.close(duplicate)
            return nil
        }
        descriptor = duplicate
        poll = handle
        self.onHangup = onHangup
        retainOwner(self, in: asHandle(poll))
        if uv_poll_start(poll, Int32(UV_PRIORITIZED.rawValue), onPollEvent) != 0 { close() }
    }

    /// Stops watching; the duplicate descriptor is closed once libuv is done with the handle.
    func close() {
        onHangup = nil
        closeHandle(asHandle(poll))
    }

    func handleDidClose() {
        Glibc.close(descriptor)
    }

    fileprivate func fire() {
        let callback = onHangup
        close()
        callback?()
    }

    deinit { poll.deallocate() }
}

private func onPollEvent(_ handle: UnsafeMutablePointer<uv_poll_t>?, _ status: Int32, _ events: Int32) {
    guard let handle else { return }
    withOwner(of: asHandle(handle), as: HangupWatch.self) { $0.fire() }
}
