import EntryKit

/// A dedupe sighting's original (its route and params) as bytes in the window's arena: the route's
/// number in the window's table of route names, the byte count of the params, then the params' own
/// bytes (`RouteParams.bytes`, pairs of counted UTF-8 strings). No note at all (zero bytes) is a key
/// restored from the store, whose original is unknown.
///
/// Kept as bytes rather than as the entry's `RouteParams`: a key stays in the window for 24 h, long
/// after its entry is gone, and an array per key would keep an allocation alive for each of several
/// hundred thousand keys. Only a duplicate, which is rare, reads it back. The params are copied as
/// they are laid out, so writing a note and checking a repeat compare bytes, with no pair taken apart.
struct OriginalNote: SightingNote {
    var route: Int
    var params: RouteParams

    @inline(__always)
    var maxByteCount: Int {
        2 * Varint.maxSize + params.bytes.count
    }

    @inline(__always)
    func write(to cursor: inout ByteCursor) {
        cursor.write(varint: UInt64(route))
        cursor.write(varint: UInt64(params.bytes.count))
        params.bytes.withBufferView { cursor.write($0) }
    }

    /// The note `write` wrote, nil for an empty note.
    static func read(_ note: [UInt8]) -> OriginalNote? {
        guard !note.isEmpty else { return nil }
        var offset = note.startIndex
        let route = Int(Varint.read(note, at: &offset))
        let count = Int(Varint.read(note, at: &offset))
        return OriginalNote(route: route, params: RouteParams(bytes: Array(note[offset..<offset + count])))
    }

    /// Whether `note` is what `write` writes for this route and these params, so that a duplicate that
    /// repeats its original (a sender's retry) is answered without reading the note back.
    func isWritten(as note: [UInt8]) -> Bool {
        guard !note.isEmpty else { return false }
        var offset = 0
        guard Varint.read(note, at: &offset) == route, Varint.read(note, at: &offset) == params.bytes.count else {
            return false
        }
        return note[offset...].elementsEqual(params.bytes)
    }
}
