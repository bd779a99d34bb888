import CUV

/// How a handle's memory outlives libuv's use of it.
///
/// libuv may touch a handle until the callback of `uv_close` has run, so an object that owns a handle
/// stores a retained reference to itself in `handle.data` when the handle is initialised, and only the
/// close callback releases it. The object, and the handle memory its `deinit` frees, therefore live
/// exactly as long as libuv needs them. An object owning several handles is retained once per handle.
protocol UVHandleOwner: AnyObject {
    /// Called once per owned handle, after libuv is done with it.
    func handleDidClose()
}

extension UVHandleOwner {
    func handleDidClose() {}
}

/// A handle's memory, allocated and initialised by `initialize` (a `uv_*_init`), or freed again and
/// the failure thrown.
///
/// An owner assigns the result to the property its `deinit` frees, and so sets that property only
/// once the handle exists. Swift runs a class's `deinit` when its `init` throws (or returns nil) after
/// every stored property is set, so memory freed on an init's error path and held by a property
/// would be freed twice: `entryd serve` under `ulimit -n 8` aborted so in `Loop.init`.
func initializedHandle<T>(_ operation: String,
                          _ initialize: (UnsafeMutablePointer<T>) -> Int32) throws(UVError) -> UnsafeMutablePointer<T> {
    let handle = UnsafeMutablePointer<T>.allocate(capacity: 1)
    let result = initialize(handle)
    guard result >= 0 else {
        handle.deallocate()
        throw UVError(code: result, operation: operation)
    }
    return handle
}

/// Views any libuv handle type as the generic `uv_handle_t`.
func asHandle<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutablePointer<uv_handle_t>(OpaquePointer(pointer))
}

/// Views a stream handle type (`uv_pipe_t`) as `uv_stream_t`.
func asStream<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutablePointer<uv_stream_t>(OpaquePointer(pointer))
}

/// Records `owner` in the handle, retained until `closeHandle`'s callback.
func retainOwner(_ owner: UVHandleOwner, in handle: UnsafeMutablePointer<uv_handle_t>) {
    handle.pointee.data = Unmanaged<AnyObject>.passRetained(owner).toOpaque()
}

/// Calls `body` with the object recorded in a handle's `data`, lent without a retain: the handle
/// holds it until its close callback, which runs after every other callback of the handle, so it
/// outlives any callback that lends it. Returned to the caller instead, it would be retained and
/// released around each callback, on every read and turn. Every callback is installed by
/// the handle's owner and names the owner's own type, so the type is not looked up at run time in
/// release builds (a dynamic cast on each read, allocation and turn); debug builds check it.
func withOwner<T: AnyObject, Result>(of handle: UnsafeMutablePointer<uv_handle_t>, as type: T.Type,
                                     _ body: (T) -> Result) -> Result {
    assert(Unmanaged<AnyObject>.fromOpaque(handle.pointee.data!).takeUnretainedValue() is T, "a handle of another owner")
    return Unmanaged<T>.fromOpaque(handle.pointee.data!)._withUnsafeGuaranteedRef(body)
}

/// Starts closing a handle once; its owner is released in the close callback.
func closeHandle(_ handle: UnsafeMutablePointer<uv_handle_t>) {
    guard uv_is_closing(handle) == 0 else { return }
    uv_close(handle, onHandleClosed)
}

private func onHandleClosed(_ handle: UnsafeMutablePointer<uv_handle_t>?) {
    guard let handle, let data = handle.pointee.data else { return }
    handle.pointee.data = nil
    let owner = Unmanaged<AnyObject>.fromOpaque(data).takeRetainedValue()
    (owner as? UVHandleOwner)?.handleDidClose()
}
