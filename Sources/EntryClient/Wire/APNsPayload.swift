import EntryRouter

/// A push payload as APNs delivers it (`aps` plus custom keys), or as an `.apns` file holds it for
/// `xcrun simctl push`, with its optional top-level `"Simulator Target Bundle"`.
public struct APNsPayload: Sendable, Hashable {
    /// Always an object.
    public private(set) var json: JSONValue

    public init(_ members: [String: JSONValue]) {
        json = .object(members)
    }

    /// A payload already parsed; nil when it is not an object.
    public init?(value: JSONValue) {
        guard case .object = value else { return nil }
        json = value
    }

    /// Parses the payload's JSON text.
    public init(json text: String) throws(EntryClientError) {
        try self.init(bytes: Array(text.utf8), origin: "the payload")
    }

    /// Reads an `.apns` file (a UTF-8 byte-order mark is skipped).
    public init(file path: String) throws(EntryClientError) {
        switch FileReading.read(path) {
        case .success(let bytes): try self.init(bytes: bytes, origin: path)
        case .failure(let problem): throw .badFile(path: path, reason: "cannot read it: \(problem)")
        }
    }

    private init(bytes: [UInt8], origin: String) throws(EntryClientError) {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw .badFile(path: origin, reason: "not JSON: \(error)")
        }
        guard case .object = value else {
            throw .badFile(path: origin, reason: "the payload must be a JSON object (an APNs payload with \"aps\" and custom keys)")
        }
        json = value
    }
}
