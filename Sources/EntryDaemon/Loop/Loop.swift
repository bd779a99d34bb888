import CUV

/// One libuv event loop; the thread that runs it owns every object attached to it (no locks).
package final class Loop {
    package let raw: UnsafeMutablePointer<uv_loop_t>
    /// One read buffer for every connection: libuv asks for it right before a read, and the
    /// connection copies the bytes into its frame decoder before the next read, so one suffices.
    let readBuffer: UnsafeMutableRawBufferPointer
    private var closed = false

    package init(readBufferSize: Int = 64 * 1024) throws(UVError) {
        raw = try initializedHandle("uv_loop_init") { uv_loop_init($0) }
        readBuffer = .allocate(byteCount: readBufferSize, alignment: 16)
    }

    /// Runs until no handle is active any more (every handle closed) or `stop()` was called.
    package func run() {
        uv_run(raw, UV_RUN_DEFAULT)
    }

    /// Runs one iteration, waiting for an event if there is nothing to do; false once nothing is left.
    @discardableResult
    package func runOnce() -> Bool {
        uv_run(raw, UV_RUN_ONCE) != 0
    }

    /// Closes the loop. Fails with `EBUSY` when some handle was not closed: that is a leak, and the
    /// loop's memory is then kept rather than freed under libuv's feet.
    package func close() throws(UVError) {
        try uvCheck(uv_loop_close(raw), "uv_loop_close")
        closed = true
    }

    deinit {
        readBuffer.deallocate()
        if closed { raw.deallocate() }
    }
}
