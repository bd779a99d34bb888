/// A line that is not a valid request: the error to reply with, and the `req` to echo if one was readable.
public struct RequestError: Error, Sendable, Hashable {
    public var req: JSONValue?
    public var error: WireError

    public init(req: JSONValue?, error: WireError) {
        self.req = req
        self.error = error
    }
}

extension Request {
    /// Decodes one line (without its terminator) into a typed request.
    public static func decode(line: ArraySlice<UInt8>) -> Result<Request, RequestError> {
        .failure(RequestError(req: nil, error: WireError(.badJSON, "not implemented yet")))
    }
}
