/// The members a payload scan records, kept until the payload copies them into its own buffer.
///
/// It keeps a push from allocating for its members besides its text: the scan writes into a buffer
/// the caller lends (on the stack, `scanPayload`), which is enough for the usual payload; only a
/// payload with more members moves them to the heap, doubling as it grows, and that storage is freed
/// when the scratch goes away.
struct MemberScratch: ~Copyable {
    private var base: UnsafeMutablePointer<PushPayload.Member>?
    private var capacity: Int
    private(set) var count = 0
    /// Whether `base` was allocated here (and is freed here), not lent.
    private var ownsBase = false

    /// A scratch that records into `lent` until it is full.
    init(lent: UnsafeMutableBufferPointer<PushPayload.Member>) {
        base = lent.baseAddress
        capacity = lent.count
    }

    /// A scratch with no room: its first member allocates.
    init() {
        base = nil
        capacity = 0
    }

    deinit {
        if ownsBase { base?.deallocate() }
    }

    /// The members recorded so far.
    var members: UnsafeBufferPointer<PushPayload.Member> {
        UnsafeBufferPointer(start: base, count: count)
    }

    subscript(index: Int) -> PushPayload.Member {
        get {
            precondition(index >= 0 && index < count, "member index out of range")
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count, "member index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    mutating func append(_ member: PushPayload.Member) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: member)
        count += 1
    }

    private mutating func grow() {
        let larger = max(16, capacity * 2)
        let moved = UnsafeMutablePointer<PushPayload.Member>.allocate(capacity: larger)
        if let base {
            moved.initialize(from: base, count: count)
            if ownsBase { base.deallocate() }
        }
        base = moved
        capacity = larger
        ownsBase = true
    }
}
