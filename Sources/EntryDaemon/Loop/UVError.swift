import CUV

/// A libuv failure: the operation that failed, libuv's error name (`EADDRINUSE`) and its message.
package struct UVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The negative libuv return code.
    package var code: Int32
    package var name: String
    package var message: String
    /// What was being done, e.g. `bind /run/user/0/entryd.sock`.
    package var operation: String

    package init(code: Int32, operation: String) {
        self.code = code
        self.name = String(cString: uv_err_name(code))
        self.message = String(cString: uv_strerror(code))
        self.operation = operation
    }

    package var description: String { "\(operation): \(message) (\(name))" }

    /// Whether this is libuv's end-of-stream code.
    package var isEndOfFile: Bool { code == UV_EOF.rawValue }
}

/// Passes a non-negative libuv return code through and turns a negative one into a `UVError`.
@discardableResult
func uvCheck(_ code: Int32, _ operation: @autoclosure () -> String) throws(UVError) -> Int32 {
    if code < 0 { throw UVError(code: code, operation: operation()) }
    return code
}
