import EntryKit

/// Compiled key paths and selector strings, their bytes end to end in one buffer.
///
/// Routing a push reads a few members per route. Kept as arrays of `String`s (and of byte arrays
/// beside them), every step of every key path retained and released a reference or two; in one
/// pool a key is two offsets and a flag, and a lookup reads the pool's two arrays in place.
struct PushKeyPool: Sendable {
    /// One key of a path: where its UTF-8 lies in the pool's bytes, and whether it is ASCII.
    /// An ASCII key equals a plain payload key exactly when their bytes are equal; any other key is
    /// compared as a `String` (canonical equivalence), as `JSONValue` keys are.
    struct Key: Sendable {
        let start: Int32
        let end: Int32
        let ascii: Bool
    }

    private var bytes: [UInt8] = []
    private var keys: [Key] = []

    /// Adds a dotted key path (`inviter.name`), split at every dot; returns the range of its keys.
    mutating func add(path: String) -> Range<Int> {
        let first = keys.count
        for key in path.split(separator: ".", omittingEmptySubsequences: false) {
            keys.append(append(key.utf8))
        }
        return first..<keys.count
    }

    /// Adds `key` as a path of one key, dots and all; returns the range of that key.
    mutating func add(key: String) -> Range<Int> {
        keys.append(append(key.utf8))
        return keys.count - 1..<keys.count
    }

    /// Adds the bytes of an ASCII string (a selector's value); returns where they lie.
    mutating func add(ascii text: String) -> Range<Int> {
        let key = append(text.utf8)
        return Int(key.start)..<Int(key.end)
    }

    private mutating func append(_ utf8: some Collection<UInt8>) -> Key {
        let start = bytes.count
        bytes.append(contentsOf: utf8)
        return Key(start: Int32(start), end: Int32(bytes.count), ascii: utf8.allSatisfy { $0 < 0x80 })
    }

    /// Calls `body` with the pool's bytes and keys lent as views, for looking up many keys.
    func withContents<Result>(_ body: (ByteView, BufferView<Key>) -> Result) -> Result {
        bytes.withBufferView { bytes in keys.withBufferView { body(bytes, $0) } }
    }

    /// The `StringHead` of the ASCII string at `range` (a selector's value).
    func head(of range: Range<Int>) -> StringHead {
        bytes.withBufferView { StringHead($0, range) }
    }

    /// The text of a selector's string at `range`, for comparing as `String`s.
    func string(in range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
