import EntryKit

/// Seen keys packed into one byte string: how a store keeps a whole commit's dedupe keys (R18) as one
/// value.
///
/// Every push with an id adds a key, so a store that writes a row per key pays a statement and a
/// b-tree insert per push; packed, a commit of a few hundred pushes writes one row.
///
/// Layout, for each key in order: the difference between its instant and the previous key's (the
/// first key's from 0), zigzag-encoded as a `Varint`; the count of its stored form's UTF-8 bytes
/// (`SeenKey.key`) as a `Varint`; those bytes. A turn's keys share an instant, so each key after the
/// first costs its bytes and two more.
package enum SeenKeyPacking {
    /// Appends `keys`, packed, to `bytes`.
    package static func append(_ keys: [SeenKey], to bytes: inout [UInt8]) {
        guard !keys.isEmpty else { return }
        var previous: Int64 = 0
        var size = 0
        for key in keys {
            size &+= Varint.size(of: ZigZag.encode(key.at.milliseconds &- previous))
            size &+= Varint.size(of: UInt64(key.name.storedUTF8Count)) &+ key.name.storedUTF8Count
            previous = key.at.milliseconds
        }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: size))
        bytes.withMutableBufferView { room in
            var cursor = ByteCursor(room, at: start)
            previous = 0
            for key in keys {
                cursor.write(varint: ZigZag.encode(key.at.milliseconds &- previous))
                cursor.write(varint: UInt64(key.name.storedUTF8Count))
                if key.name.isSenderId {
                    DedupeKey.senderIdPrefix.withUTF8View { cursor.write($0) }
                }
                key.name.value.withUTF8View { cursor.write($0) }
                previous = key.at.milliseconds
            }
        }
    }

    /// Appends the keys packed in `bytes` to `keys`, in order. False, with `keys` as it was, when
    /// `bytes` are not keys packed by `append` (cut short, or a count past their end).
    package static func unpack(_ bytes: ByteView, into keys: inout [SeenKey]) -> Bool {
        let before = keys.count
        var offset = 0
        var previous: Int64 = 0
        while offset < bytes.count {
            guard let delta = Varint.readChecked(bytes, at: &offset),
                  let count = Varint.readChecked(bytes, at: &offset), count <= UInt64(bytes.count - offset)
            else {
                keys.removeSubrange(before...)
                return false
            }
            previous &+= ZigZag.decode(delta)
            let stored = bytes.extracting(offset..<offset + Int(count))
            keys.append(SeenKey(DedupeKey(storedUTF8: stored), at: Instant(milliseconds: previous)))
            offset += Int(count)
        }
        return true
    }

    /// How many keys `bytes` hold, read without making them; nil when `bytes` are not keys packed by
    /// `append`.
    package static func count(_ bytes: ByteView) -> Int? {
        var offset = 0
        var keys = 0
        while offset < bytes.count {
            guard Varint.readChecked(bytes, at: &offset) != nil,
                  let count = Varint.readChecked(bytes, at: &offset), count <= UInt64(bytes.count - offset)
            else { return nil }
            offset += Int(count)
            keys += 1
        }
        return keys
    }
}
