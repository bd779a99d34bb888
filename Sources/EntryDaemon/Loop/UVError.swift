import CUV

/// A libuv failure: the operation that failed, libuv's error name (`EADDRINUSE`) and its message.
public struct UVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The negative libuv return code.
    public var code: Int32
    public var name: String
    public var message: String
    /// What was being done, e.g. `bind /run/user/0/entryd.sock`.
    public var operation: String

    public init(code: Int32, operation: String) {
        self.code = code
        self.name = String(cString: uv_err_name(code))
        self.message = String(cString: uv_strerror(code))
        self.operation = operation
    }

    public var description: String { "\(operation): \(message) (\(name))" }

    /// Whether this is libuv's end-of-stream code.
    public var isEndOfFile: Bool { code == UV_EOF.rawValue }
}

/// Passes a non-negative libuv return code through and turns a negative one into a `UVError`.
@discardableResult
func uvCheck(_ code: Int32, _ operation: @autoclosure () -> String) throws(UVError) -> Int32 {
    if code < 0 { throw UVError(code: code, operation: operation()) }
    return code
}
