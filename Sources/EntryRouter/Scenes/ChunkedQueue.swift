/// Elements numbered as they are appended, with numbers that only grow, dropped from the front: the
/// dedupe window's sightings (`SightingTable`).
///
/// They are kept in chunks of `chunkSize`, so that appending never copies more than one chunk (an
/// array of two million sightings copied all at once when it doubled, about 10 ms) and dropping
/// frees whole chunks without moving what is kept. The chunk being filled is kept apart from the
/// full ones, so an append is an append to one array; the list of full chunks is one reference
/// each, a few hundred of them for millions of elements.
struct ChunkedQueue<Element>: Sendable where Element: Sendable {
    /// Full chunks, oldest first.
    private var full: [[Element]] = []
    /// The chunk being filled.
    private var tail: [Element] = []
    /// The number of the first element of the first chunk (of `tail` when there is no full one).
    private var base = 0
    /// The number of the first element kept.
    private(set) var start = 0
    /// The number the next element appended will have.
    private(set) var end = 0

    private static var chunkBits: Int { 12 }
    /// An empty queue whose first element will be numbered `number` (tests start near a wrap-around).
    init(startingAt number: Int = 0) {
        base = number
        start = number
        end = number
    }

    static var chunkSize: Int { 1 << chunkBits }

    /// Whether no element is kept.
    var isEmpty: Bool { start == end }

    /// The chunks holding elements, full or not: what the queue's memory follows.
    var chunkCount: Int { full.count + (tail.isEmpty ? 0 : 1) }

    subscript(number: Int) -> Element {
        precondition(number >= start && number < end, "no such element")
        let offset = number - base
        let chunk = offset >> Self.chunkBits
        let within = offset & (Self.chunkSize - 1)
        return chunk == full.count ? tail[within] : full[chunk][within]
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if tail.count == Self.chunkSize { startChunk() }
        tail.append(element)
        end += 1
    }

    @inline(never)
    private mutating func startChunk() {
        full.append(tail)
        tail = []
        tail.reserveCapacity(Self.chunkSize)
    }

    /// Removes the newest element.
    mutating func removeLast() {
        precondition(end > start, "no element to remove")
        if tail.isEmpty { tail = full.removeLast() }
        tail.removeLast()
        end -= 1
    }

    /// Drops the elements numbered below `number`, freeing the chunks that hold none of the rest.
    mutating func removeFirst(upTo number: Int) {
        precondition(number >= start && number <= end, "no such element")
        start = number
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
