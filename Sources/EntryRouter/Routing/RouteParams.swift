import EntryKit

/// An entry's route params: string pairs, sorted by key, in one byte array.
///
/// Params are made for every push and URL, copied into the entry, its record and its reply, written
/// into every reply and event, and freed. As a `[String: String]` each step hashed keys, copied a
/// dictionary's storage or sorted its keys; here the pairs are laid out once, in the order they are
/// written, and the value is one array of bytes: a copy is one retain, freeing it is one release with
/// no element to destroy, writing it copies bytes, and an empty value allocates nothing.
///
/// Layout: for each pair in key order, the key's UTF-8 length as a `Varint`, its bytes, then the
/// value's length and bytes. Keys are ordered and told apart as `String` orders and compares them
/// (for text in normal form C, which param names are, that is the order of their UTF-8 bytes), so a
/// value holds what a dictionary of the same pairs held and is written as the JSON writer wrote one:
/// keys sorted with `<`, one member per distinct key.
///
/// Duplicate keys (in a literal or a sequence of pairs) keep the first pair, as the router reads a
/// URL: a path capture wins over a query item of the same name, and the first of a repeated query key
/// wins.
public struct RouteParams: Sendable {
    /// The pairs as laid out above; well-formed whenever a `RouteParams` holds them.
    let bytes: [UInt8]

    /// No params, with no allocation.
    package init() {
        bytes = []
    }

    /// Bytes laid out as above, sorted and without duplicate keys (a `Builder`'s, or a copy of another
    /// value's).
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The dictionary's pairs, sorted by key.
    package init(_ dictionary: [String: String]) {
        self.init(sorting: Array(dictionary))
    }

    /// `pairs` sorted by key; of pairs whose keys are equal, the first.
    init(pairs: some Sequence<(key: String, value: String)>) {
        self.init(sorting: Array(pairs))
    }

    private init(sorting pairs: [(key: String, value: String)]) {
        // Sorted by key, then by position, so that the first of equal keys comes first and is kept.
        let sorted = pairs.indices.sorted { pairs[$0].key < pairs[$1].key || (pairs[$0].key == pairs[$1].key && $0 < $1) }
        self = Self.build { builder in
            var previous: String?
            for index in sorted where previous != pairs[index].key {
                builder.append(key: pairs[index].key, value: pairs[index].value)
                previous = pairs[index].key
            }
        }
    }

    /// These params and the pairs of `fallback` whose keys they lack: a redirect's target keeps the
    /// values its own URL gives and takes the rest from the hop before.
    func filling(from fallback: RouteParams) -> RouteParams {
        fallback.isEmpty ? self : RouteParams(pairs: [self, fallback].joined())
    }

    /// A dictionary of the same pairs, for callers that need one.
    public var dictionary: [String: String] {
        var dictionary = [String: String](minimumCapacity: count)
        for (key, value) in self { dictionary[key] = value }
        return dictionary
    }

    /// The value of `key`, compared as a dictionary compares keys. Setting one lays the params out
    /// anew (for callers that build params by hand; the router lays them out once).
    public subscript(key: String) -> String? {
        get { value(of: key) }
        set {
            var dictionary = dictionary
            dictionary[key] = newValue
            self = RouteParams(dictionary)
        }
    }

    private func value(of key: String) -> String? {
        key.withUTF8View { wanted in
            var found: String?
            forEachPair { name, value in
                if Self.same(name, wanted) {
                    found = value.string
                    return false
                }
                return true
            }
            return found
        }
    }

    /// Calls `body` with each pair's key and value bytes, in key order, until it returns false.
    @inline(__always)
    func forEachPair(_ body: (ByteView, ByteView) -> Bool) {
        bytes.withBufferView { bytes in
            var offset = 0
            while offset < bytes.count {
                let key = Self.counted(bytes, at: &offset)
                let value = Self.counted(bytes, at: &offset)
                guard body(key, value) else { return }
            }
        }
    }

    /// The counted bytes at `offset` (a length, then that many bytes); `offset` is moved past them.
    @inline(__always)
    static func counted(_ bytes: ByteView, at offset: inout Int) -> ByteView {
        let count = Int(Varint.read(bytes, at: &offset))
        defer { offset &+= count }
        return bytes.extracting(offset..<offset + count)
    }

    /// Whether two keys are the same key: equal bytes, or, when either is not ASCII, equal as strings
    /// (canonically equivalent), as a dictionary tells keys apart.
    private static func same(_ a: ByteView, _ b: ByteView) -> Bool {
        if a.elementsEqual(b) { return true }
        guard !isASCII(a) || !isASCII(b) else { return false }
        return a.string == b.string
    }

    private static func isASCII(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 }
    }
}

extension RouteParams {
    /// The params `body` appends to a `Builder`, laid out in a buffer on the stack and copied into
    /// their array in one step: growing an array as pairs are appended goes through the standard
    /// library's reallocation path, and reserving its capacity first costs about as much.
    @inline(__always)
    static func build(_ body: (inout Builder) -> Void) -> RouteParams {
        withStackBuffer(of: UInt8.self, capacity: Builder.roomOnStack) { room in
            var builder = Builder(room: room)
            body(&builder)
            return builder.params
        }
    }

    /// Lays out pairs appended in key order: the router's readers know that order when the config is
    /// loaded (a route's param names and a pattern's capture names are fixed), so making params per
    /// request hashes and sorts nothing. Pairs go into the caller's room; params that outgrow it move
    /// to an array.
    struct Builder: ~Copyable {
        /// Enough for the params of any route of the sample configs many times over.
        static let roomOnStack = 512

        private let room: MutableBufferView<UInt8>
        private var count = 0
        private var spilled: [UInt8]?

        init(room: MutableBufferView<UInt8>) {
            self.room = room
        }

        /// Appends a pair whose key sorts after every key appended before it.
        @inline(__always)
        mutating func append(key: String, value: String) {
            key.withUTF8View { append(counted: $0) }
            value.withUTF8View { append(counted: $0) }
        }

        /// Appends bytes laid out as a key's or value's: their count as a `Varint`, then the bytes.
        @inline(__always)
        mutating func append(counted text: ByteView) {
            let needed = Varint.size(of: UInt64(text.count)) &+ text.count
            guard spilled == nil, needed <= room.count &- count else {
                return spill(text)
            }
            var cursor = ByteCursor(room, at: count)
            cursor.write(varint: UInt64(text.count))
            cursor.write(text)
            count &+= needed
        }

        /// Appends a key or value laid out before (`layOut`): its count and bytes, copied as they are.
        @inline(__always)
        mutating func append(laidOut bytes: ByteView) {
            guard spilled == nil, bytes.count <= room.count &- count else {
                return spill(laidOut: bytes)
            }
            room.copy(bytes, to: count)
            count &+= bytes.count
        }

        /// Lays `text` out as a key or value is laid out (its count as a `Varint`, then its bytes) at the
        /// end of `bytes`: for readers that lay their keys out once, when the config is loaded.
        static func layOut(counted text: some Collection<UInt8>, into bytes: inout [UInt8]) {
            let count = UInt64(text.count)
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: Varint.size(of: count)))
            bytes.withMutableBufferView { room in
                var cursor = ByteCursor(room, at: start)
                cursor.write(varint: count)
            }
            bytes.append(contentsOf: text)
        }

        @inline(never)
        private mutating func spill(laidOut bytes: ByteView) {
            var spilled = spilled ?? Array(room.reading(0..<count))
            spilled.append(contentsOf: bytes)
            self.spilled = spilled
        }

        @inline(never)
        private mutating func spill(_ text: ByteView) {
            var bytes = spilled ?? Array(room.reading(0..<count))
            Self.layOut(counted: text, into: &bytes)
            spilled = bytes
        }

        var params: RouteParams {
            RouteParams(bytes: spilled ?? Array(room.reading(0..<count)))
        }
    }
}

extension RouteParams: ExpressibleByDictionaryLiteral {
    /// The pairs sorted by key; of a key given twice, the first pair (a `Dictionary` literal would trap).
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(pairs: elements.lazy.map { (key: $0.0, value: $0.1) })
    }
}

extension RouteParams: Equatable {
    /// Equal bytes are equal params; params whose bytes differ are equal only when some key or value is
    /// not ASCII and each pair's strings are equal as `String`s (canonically equivalent), as two
    /// dictionaries of them would be.
    public static func == (a: RouteParams, b: RouteParams) -> Bool {
        if a.bytes == b.bytes { return true }
        guard !isASCII(a.bytes) || !isASCII(b.bytes) else { return false }
        return a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
    }
}

extension RouteParams: Hashable {
    /// Hashes the pairs as strings, so that params equal as strings hash alike.
    public func hash(into hasher: inout Hasher) {
        for (key, value) in self {
            hasher.combine(key)
            hasher.combine(value)
        }
    }
}

extension RouteParams: Collection {
    public typealias Element = (key: String, value: String)

    /// A pair's position: the offset of its key's length in the bytes.
    public struct Index: Comparable, Sendable {
        let offset: Int

        public static func < (a: Index, b: Index) -> Bool { a.offset < b.offset }
    }

    public var startIndex: Index { Index(offset: 0) }
    public var endIndex: Index { Index(offset: bytes.count) }
    public var isEmpty: Bool { bytes.isEmpty }

    public func index(after index: Index) -> Index {
        bytes.withBufferView { bytes in
            var offset = index.offset
            _ = Self.counted(bytes, at: &offset)
            _ = Self.counted(bytes, at: &offset)
            return Index(offset: offset)
        }
    }

    public subscript(position: Index) -> Element {
        bytes.withBufferView { bytes in
            precondition(position.offset < bytes.count, "RouteParams index out of range")
            var offset = position.offset
            let key = Self.counted(bytes, at: &offset).string
            return (key, Self.counted(bytes, at: &offset).string)
        }
    }
}

extension RouteParams: CustomStringConvertible {
    /// As a dictionary literal, keys in order: `["id": "42"]`.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "[" + map { "\(String(reflecting: $0.key)): \(String(reflecting: $0.value))" }.joined(separator: ", ") + "]"
    }
}

extension RouteParams {
    /// Whether both values are one array: then they hold the same pairs, and either may stand for the
    /// other. False for equal params laid out apart.
    func isStored(as other: RouteParams) -> Bool {
        bytes.sharesStorage(with: other.bytes)
    }
}
