/// Elements numbered as they are appended, with numbers that only grow, dropped from the front: the
/// dedupe window's sightings (`SightingTable`).
///
/// They are kept in chunks of `chunkSize`, so that appending never copies more than one chunk (one
/// array of millions of sightings would copy them all at once whenever it doubled) and dropping
/// frees whole chunks without moving what is kept. The chunk being filled is kept apart from the
/// full ones, so an append is an append to one array; the list of full chunks is one reference
/// each, a few hundred of them for millions of elements.
@usableFromInline package struct ChunkedQueue<Element>: Sendable where Element: Sendable {
    /// Full chunks, oldest first.
    @usableFromInline var full: [[Element]] = []
    /// The chunk being filled.
    @usableFromInline var tail: [Element] = []
    /// The number of the first element of the first chunk (of `tail` when there is no full one).
    @usableFromInline var base = 0
    @usableFromInline var _start = 0
    /// The number of the first element kept.
    @inlinable package var start: Int { _start }

    @usableFromInline var _end = 0
    /// The number the next element appended will have.
    @inlinable package var end: Int { _end }

    @inlinable static var chunkBits: Int { 12 }
    /// An empty queue whose first element will be numbered `number` (tests start near a wrap-around).
    @inlinable package init(startingAt number: Int = 0) {
        base = number
        _start = number
        _end = number
    }

    @inlinable package static var chunkSize: Int { 1 << chunkBits }

    /// Whether no element is kept.
    @inlinable package var isEmpty: Bool { start == end }

    /// The chunks holding elements, full or not: what the queue's memory follows.
    @inlinable package var chunkCount: Int { full.count + (tail.isEmpty ? 0 : 1) }

    @inlinable package subscript(number: Int) -> Element {
        precondition(number >= start && number < end, "no such element")
        let offset = number - base
        let chunk = offset >> Self.chunkBits
        let within = offset & (Self.chunkSize - 1)
        return chunk == full.count ? tail[within] : full[chunk][within]
    }

    @inline(__always)
    @inlinable package mutating func append(_ element: Element) {
        if tail.count == Self.chunkSize { startChunk() }
        tail.append(element)
        _end += 1
    }

    @inline(never)
    @inlinable mutating func startChunk() {
        full.append(tail)
        tail = []
        tail.reserveCapacity(Self.chunkSize)
    }

    /// Removes the newest element.
    @inlinable package mutating func removeLast() {
        precondition(end > start, "no element to remove")
        if tail.isEmpty { tail = full.removeLast() }
        tail.removeLast()
        _end -= 1
    }

    /// Drops the elements numbered below `number`, freeing the chunks that hold none of the rest.
    @inlinable package mutating func removeFirst(upTo number: Int) {
        precondition(number >= start && number <= end, "no such element")
        _start = number
        if start == end {
            full = []
            tail.removeAll(keepingCapacity: true)
            base = end
            return
        }
        let whole = (start - base) >> Self.chunkBits
        if whole > 0 {
            full.removeFirst(whole)
            base += whole * Self.chunkSize
        }
    }
}
