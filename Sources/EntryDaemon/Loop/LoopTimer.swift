import CUV

/// A one-shot or repeating libuv timer calling a closure on the loop thread.
public final class LoopTimer: UVHandleOwner {
    let timer: UnsafeMutablePointer<uv_timer_t>
    private var onFire: (() -> Void)?

    public init(loop: Loop) throws(UVError) {
        timer = .allocate(capacity: 1)
        do {
            try uvCheck(uv_timer_init(loop.raw, timer), "uv_timer_init")
        } catch {
            timer.deallocate()
            throw error
        }
        retainOwner(self, in: asHandle(timer))
    }

    /// (Re)starts the timer; an earlier start is replaced.
    public func start(afterMilliseconds delay: UInt64, repeatMilliseconds: UInt64 = 0, onFire: @escaping () -> Void) {
        self.onFire = onFire
        uv_timer_start(timer, onTimerFired, delay, repeatMilliseconds)
    }

    public func stop() {
        uv_timer_stop(timer)
        onFire = nil
    }

    public var isActive: Bool { uv_is_active(asHandle(timer)) != 0 }

    public func close() {
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
    owner(of: asHandle(timer), as: LoopTimer.self).fire()
}
