import CUV

/// A one-shot or repeating libuv timer calling a closure on the loop thread.
package final class LoopTimer: UVHandleOwner {
    let timer: UnsafeMutablePointer<uv_timer_t>
    private var onFire: (() -> Void)?

    package init(loop: Loop) throws(UVError) {
        timer = try initializedHandle("uv_timer_init") { uv_timer_init(loop.raw, $0) }
        retainOwner(self, in: asHandle(timer))
    }

    /// (Re)starts the timer; an earlier start is replaced.
    package func start(afterMilliseconds delay: UInt64, repeatMilliseconds: UInt64 = 0, onFire: @escaping () -> Void) {
        self.onFire = onFire
        uv_timer_start(timer, onTimerFired, delay, repeatMilliseconds)
    }

    /// Moves the next firing of a running timer, keeping its callback and its repeat. False when the
    /// timer is not running (it fired or was stopped, and its callback was dropped): the caller then
    /// `start`s it with a callback. A timer moved often (the router's deadline moves with nearly every
    /// turn) is moved with no new closure, each of which would cost an allocation, the retains of what
    /// it captures, and the release of the one before.
    package func reschedule(afterMilliseconds delay: UInt64) -> Bool {
        guard uv_is_active(asHandle(timer)) != 0 else { return false }
        uv_timer_start(timer, onTimerFired, delay, uv_timer_get_repeat(timer))
        return true
    }

    package func stop() {
        uv_timer_stop(timer)
        onFire = nil
    }

    package var isActive: Bool { uv_is_active(asHandle(timer)) != 0 }

    package func close() {
        onFire = nil
        closeHandle(asHandle(timer))
    }

    fileprivate func fire() {
        let callback = onFire
        if uv_is_active(asHandle(timer)) == 0 { onFire = nil }
        callback?()
    }

    deinit { timer.deallocate() }
}

private func onTimerFired(_ timer: UnsafeMutablePointer<uv_timer_t>?) {
    guard let timer else { return }
    withOwner(of: asHandle(timer), as: LoopTimer.self) { $0.fire() }
}
