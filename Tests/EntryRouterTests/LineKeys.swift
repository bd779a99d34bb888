import EntryKit
@testable import EntryRouter

/// The member names of a line's top-level object in the order they are written, which a parsed
/// `JSONValue` does not keep.
enum LineKeys {
    static func inOrder(_ line: ArraySlice<UInt8>) throws -> [String] {
        try line.withBufferView { (bytes) throws(JSONParseError) -> [String] in
            var parser = JSONParser(bytes)
            var keys: [String] = []
            try parser.openObject()
            while try parser.nextMember(first: keys.isEmpty) {
                keys.append(try parser.parseString())
                try parser.expectColon()
                _ = try parser.skipValue()
            }
            return keys
        }
    }
}
