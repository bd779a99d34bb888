#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a config file's JSON into a `JSONValue`. Foundation's decoder is fine here: a config is
/// read once at start, never on the per-entry path.
enum ConfigJSON {
    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONDecoder().decode(Node.self, from: Data(bytes)).value
    }

    private struct Node: Decodable {
        let value: JSONValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .null
            } else if let bool = try? container.decode(Bool.self) {
                value = .bool(bool)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let string = try? container.decode(String.self) {
                value = .string(string)
            } else if let array = try? container.decode([Node].self) {
                value = .array(array.map(\.value))
            } else {
                value = .object(try container.decode([String: Node].self).mapValues(\.value))
            }
        }
    }
}
