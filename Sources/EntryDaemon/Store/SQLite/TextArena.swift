/// The bytes of a statement's bound text values, laid end to end in memory the statement owns.
///
/// Text is bound `SQLITE_STATIC`: SQLite reads the bytes in place while the statement runs, instead of
/// copying each value into an allocation of its own and freeing it at the next bind (two allocator
/// calls and a copy per value, a dozen values per stored entry). So bytes handed out must stay put
/// until every binding that points at them has been replaced: a full buffer is not freed when a larger
/// one takes over, only retired until `restart`, which the statement calls once it has reset and is
/// about to rebind every parameter.
final class TextArena {
    private var buffer: UnsafeMutablePointer<CChar>
    private var capacity: Int
    private var used = 0
    private var retired: [UnsafeMutablePointer<CChar>] = []

    init(capacity: Int = 256) {
        self.capacity = capacity
        buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
        for old in retired { old.deallocate() }
    }

    /// Whether some earlier bytes live in a retired buffer, which `restart` frees.
    var hasRetired: Bool { !retired.isEmpty }

    /// Forgets every byte handed out. Only once nothing bound points at them any more.
    func restart() {
        for old in retired { old.deallocate() }
        retired.removeAll()
        used = 0
    }

    /// A copy of `bytes`, valid until `restart`. Never NULL, even for no bytes: SQLite binds a NULL
    /// pointer as SQL NULL, not as "".
    func copy(_ bytes: UnsafeRawBufferPointer) -> UnsafeMutablePointer<CChar> {
        if used + bytes.count > capacity {
            retired.append(buffer)
            capacity = max(capacity * 2, bytes.count)
            buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
            used = 0
        }
        let start = buffer + used
        if let source = bytes.baseAddress {
            UnsafeMutableRawPointer(start).copyMemory(from: source, byteCount: bytes.count)
        }
        used += bytes.count
        return start
    }
}
