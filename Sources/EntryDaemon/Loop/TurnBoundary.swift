import CUV

/// Calls back once at the end of each loop turn in which something was marked (R5).
///
/// Lines read in one turn must all reach the router before it decides what to present, so the
/// daemon marks every input and the router hears `turnEnded` from a check handle, which libuv runs
/// right after it has dispatched every I/O callback of the iteration. While marked, an idle handle
/// keeps the next poll from blocking, so an input that arrived outside the poll phase (a timer)
/// still ends its turn at once; it is stopped again when the turn has ended.
///
/// The check handle runs for the boundary's whole life and does nothing in an iteration that was
/// not marked. It is unreferenced, so it does not keep the loop running by itself. Starting it with
/// each mark and stopping it with each turn's end would be a fixed cost that a turn of one request
/// pays in full; iterations with nothing marked are few.
///
/// The boundary keeps no state of its own: whether it is marked is whether its idle handle is active,
/// and whether it is closing is whether its handles are, as libuv knows them. A flag kept beside
/// them would be a class property that every input sets and every turn clears, each time with a
/// run-time exclusivity check.
package final class TurnBoundary: UVHandleOwner {
    let check: UnsafeMutablePointer<uv_check_t>
    let idle: UnsafeMutablePointer<uv_idle_t>
    /// Called at the end of each marked turn. A constant: called from a variable, its context would be
    /// retained and released around every call, once per turn. An owner that makes its boundary
    /// before it can name itself reaches itself through something the callback captures (the daemon,
    /// `TurnEndTarget`, in Daemon.swift).
    package let onTurnEnded: () -> Void

    package init(loop: Loop, onTurnEnded: @escaping () -> Void) throws(UVError) {
        check = .allocate(capacity: 1)
        idle = .allocate(capacity: 1)
        uv_check_init(loop.raw, check)
        uv_idle_init(loop.raw, idle)
        self.onTurnEnded = onTurnEnded
        retainOwner(self, in: asHandle(check))
        retainOwner(self, in: asHandle(idle))
        uv_check_start(check, onCheck)
        uv_unref(asHandle(check))
    }

    /// Whether this turn ends with a callback.
    package var isMarked: Bool { uv_is_active(asHandle(idle)) != 0 }

    /// Something arrived: end this turn with a callback. Ignored once closing.
    package func mark() {
        guard uv_is_active(asHandle(idle)) == 0, uv_is_closing(asHandle(check)) == 0 else { return }
        uv_idle_start(idle, onIdle)
    }

    package func close() {
        closeHandle(asHandle(check))
        closeHandle(asHandle(idle))
    }

    fileprivate func turnEnded() {
        guard uv_is_active(asHandle(idle)) != 0 else { return }
        uv_idle_stop(idle)
        onTurnEnded()
    }

    deinit {
        check.deallocate()
        idle.deallocate()
    }
}

private func onCheck(_ handle: UnsafeMutablePointer<uv_check_t>?) {
    guard let handle else { return }
    withOwner(of: asHandle(handle), as: TurnBoundary.self) { $0.turnEnded() }
}

private func onIdle(_ handle: UnsafeMutablePointer<uv_idle_t>?) {}
