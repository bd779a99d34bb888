/// A dedupe sighting's original (its route and params) as bytes in the window's arena: the route's
/// number in the window's table of route names, the number of params, then each param's key and value,
/// each a varint length and UTF-8 bytes. No note at all (zero bytes) is a key restored from the store, whose original is
/// unknown.
///
/// Kept as bytes rather than as the entry's `[String: String]`: a key stays in the window for 24 h,
/// long after its entry is gone, and a dictionary per key would keep an allocation alive for each of
/// several hundred thousand keys. Only a duplicate, which is rare, reads it back.
enum OriginalNote {
    static func write(route: Int, params: [String: String], to bytes: inout ByteArena) {
        Varint.append(UInt64(route), to: &bytes)
        Varint.append(UInt64(params.count), to: &bytes)
        for (key, value) in params {
            append(key, to: &bytes)
            append(value, to: &bytes)
        }
    }

    /// The route number and params `write` wrote, nil for an empty note.
    static func read(_ note: [UInt8]) -> (route: Int, params: [String: String])? {
        guard !note.isEmpty else { return nil }
        var offset = note.startIndex
        let route = Int(Varint.read(note, at: &offset))
        let count = Int(Varint.read(note, at: &offset))
        var params = [String: String](minimumCapacity: count)
        for _ in 0..<count {
            let key = string(note, at: &offset)
            params[key] = string(note, at: &offset)
        }
        return (route, params)
    }

    private static func append(_ text: String, to bytes: inout ByteArena) {
        Varint.append(UInt64(text.utf8.count), to: &bytes)
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append(UnsafeRawBufferPointer($0)) }) == nil {
            var contiguous = text
            contiguous.withUTF8 { bytes.append(UnsafeRawBufferPointer($0)) }
        }
    }

    private static func string(_ note: [UInt8], at offset: inout Int) -> String {
        let count = Int(Varint.read(note, at: &offset))
        defer { offset += count }
        return String(decoding: note[offset..<offset + count], as: UTF8.self)
    }
}
