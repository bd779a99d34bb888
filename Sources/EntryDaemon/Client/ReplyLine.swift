import EntryRouter
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a line the daemon wrote into a `JSONValue`, for the CLI to print.
public enum ReplyLine {
    /// The line's JSON object, or nil when it is not JSON.
    public static func decode(_ line: [UInt8]) -> JSONValue? {
        try? JSONDecoder().decode(DecodedJSON.self, from: Data(line)).value
    }
}

/// `JSONValue` read through `Decodable`; a boolean is tried before a number so `true` stays a boolean.
private struct DecodedJSON: Decodable {
    var value: JSONValue

    init(from decoder: Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            value = .null
        } else if let b = try? single.decode(Bool.self) {
            value = .bool(b)
        } else if let d = try? single.decode(Double.self) {
            value = .number(d)
        } else if let s = try? single.decode(String.self) {
            value = .string(s)
        } else if let items = try? single.decode([DecodedJSON].self) {
            value = .array(items.map(\.value))
        } else {
            value = .object(try single.decode([String: DecodedJSON].self).mapValues(\.value))
        }
    }
}
