/// A dedupe sighting's original (its route and params) as bytes in the window's arena: the route's
/// number in the window's table of route names, the number of params, then each param's key and value,
/// each a varint length and UTF-8 bytes. No note at all (zero bytes) is a key restored from the store, whose original is
/// unknown.
///
/// Kept as bytes rather than as the entry's `[String: String]`: a key stays in the window for 24 h,
/// long after its entry is gone, and a dictionary per key would keep an allocation alive for each of
/// several hundred thousand keys. Only a duplicate, which is rare, reads it back.
struct OriginalNote: SightingNote {
    var route: Int
    var params: [String: String]

    var byteCount: Int {
        var count = Varint.size(of: UInt64(route)) + Varint.size(of: UInt64(params.count))
        for (key, value) in params { count += Varint.size(counted: key) + Varint.size(counted: value) }
        return count
    }

    func write(to cursor: inout ByteCursor) {
        cursor.write(varint: UInt64(route))
        cursor.write(varint: UInt64(params.count))
        for (key, value) in params {
            cursor.write(counted: key)
            cursor.write(counted: value)
        }
    }

    /// The note `write` wrote, nil for an empty note.
    static func read(_ note: [UInt8]) -> OriginalNote? {
        guard !note.isEmpty else { return nil }
        var offset = note.startIndex
        let route = Int(Varint.read(note, at: &offset))
        let count = Int(Varint.read(note, at: &offset))
        var params = [String: String](minimumCapacity: count)
        for _ in 0..<count {
            let key = string(note, at: &offset)
            params[key] = string(note, at: &offset)
        }
        return OriginalNote(route: route, params: params)
    }

    /// Whether `note` is what `write` writes for this route and these params, so that a duplicate that
    /// repeats its original (a sender's retry) is answered without decoding a dictionary. A dictionary's
    /// order can differ between equal ones, so false only means the note must be read.
    func isWritten(as note: [UInt8]) -> Bool {
        guard !note.isEmpty else { return false }
        var offset = 0
        guard Varint.read(note, at: &offset) == route, Varint.read(note, at: &offset) == params.count else {
            return false
        }
        // The note holds exactly `params.count` pairs, so every read below stays inside it.
        for (key, value) in params {
            guard Self.matches(key, note, at: &offset), Self.matches(value, note, at: &offset) else { return false }
        }
        return true
    }

    private static func matches(_ text: String, _ note: [UInt8], at offset: inout Int) -> Bool {
        let count = Int(Varint.read(note, at: &offset))
        defer { offset += count }
        return count == text.utf8.count && text.utf8.elementsEqual(note[offset..<offset + count])
    }

    private static func string(_ note: [UInt8], at offset: inout Int) -> String {
        let count = Int(Varint.read(note, at: &offset))
        defer { offset += count }
        return String(decoding: note[offset..<offset + count], as: UTF8.self)
    }
}
