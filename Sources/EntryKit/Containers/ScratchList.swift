/// Elements recorded one after another into room the caller lends (on the stack, `withStackBuffer`),
/// moving to the heap only when that room is full.
///
/// It keeps a short-lived list (the members a payload scan records before the payload copies them)
/// from allocating in the usual case: the lent room is enough, and only a longer list moves to the
/// heap, doubling as it grows; that storage is freed when the list goes away. Its elements are
/// plain values (offsets, kinds, flags), copied and never deinitialized.
@usableFromInline package struct ScratchList<Element>: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<Element>?
    @usableFromInline var capacity: Int
    /// How many elements are recorded (`count`).
    @usableFromInline var used = 0
    /// Whether `base` was allocated here (and is freed here), not lent.
    @usableFromInline var ownsBase = false

    /// A list that records into `lent` until it is full.
    @inlinable package init(lent: MutableBufferView<Element>) {
        base = lent.buffer.baseAddress
        capacity = lent.count
    }

    /// A list with no room: its first element allocates.
    @inlinable package init() {
        base = nil
        capacity = 0
    }

    /// How many elements are recorded.
    @inlinable package var count: Int { used }

    @inlinable deinit {
        if ownsBase { base?.deallocate() }
    }

    /// The elements recorded so far, valid until the next `append`.
    @inlinable package var elements: BufferView<Element> {
        BufferView(UnsafeBufferPointer(start: base, count: count))
    }

    @inlinable package subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "element index out of range")
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count, "element index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    @inlinable package mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + used).initialize(to: element)
        used += 1
    }

    @inlinable @inline(never) mutating func grow() {
        let larger = Swift.max(16, capacity * 2)
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        if let base {
            moved.initialize(from: base, count: count)
            if ownsBase { base.deallocate() }
        }
        base = moved
        capacity = larger
        ownsBase = true
    }
}
