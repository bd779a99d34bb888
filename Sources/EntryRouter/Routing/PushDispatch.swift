import EntryKit

/// The push routes sorted by the string they require at one key path, the one that most routes
/// select on (`type` in every sample config), so that a payload finds the few routes its value can
/// match with one hash of that value instead of testing every route in file order (docs/CONFIG.md).
///
/// Exact by construction: a route listed under a value requires that value at the path, so it can
/// match no payload holding another value there; every route that does not require a plain string
/// at the path (a number, a non-ASCII string, another key only, an empty selector) is a candidate
/// for every payload (`others`). The candidates of a payload are the routes listed under its value
/// and the others, tried in file order with all of their tests, so the first that matches is the
/// first route in file order whose selector matches. Payload strings with escapes or non-ASCII
/// text equal a selector's only as text, and are routed by the ordered probe of every route.
/// A class, so that routing reads its arrays in place through one reference rather than copying
/// (and retaining) each of them.
final class PushDispatch: Sendable {
    /// One distinct value: its head (`StringHead.none` for an empty slot), where its bytes start in
    /// the key pool, and the range of `keyed` that lists its routes.
    struct Slot: Sendable {
        let head: StringHead
        let start: Int32
        let first: Int32
        let end: Int32

        static let empty = Slot(head: .none, start: 0, first: 0, end: 0)
    }

    /// The number of the key path dispatched on.
    let path: Int32
    /// Open addressing by `StringHead.bucket`, probed linearly; the count is a power of two at least
    /// twice the values', so a probe meets an empty slot soon.
    let slots: [Slot]
    /// The log2 of `slots.count`.
    let bits: Int
    /// Route positions (indices of the routes' spans) by value, each value's run in file order.
    let keyed: [Int32]
    /// Route positions that are candidates whatever the path holds, in file order.
    let others: [Int32]

    /// One test of a route as the dispatch sees it: its path's number, and for a selector's plain
    /// (ASCII) string, the string, where its bytes start in the key pool, and its head.
    struct Test {
        let path: Int32
        let plain: (text: String, start: Int32, head: StringHead)?
    }

    /// The dispatch for routes whose tests are `tests`, by route position; nil when no route
    /// requires a plain string at any path. The path is the one most routes require a plain string
    /// at (of equal counts, the lowest number).
    init?(tests: [[Test]]) {
        var counts: [Int32: Int] = [:]
        for route in tests {
            for test in route where test.plain != nil { counts[test.path, default: 0] += 1 }
        }
        guard let path = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else {
            return nil
        }
        var values: [(start: Int32, head: StringHead, routes: [Int32])] = []
        var numbers: [String: Int] = [:]
        var others: [Int32] = []
        for (position, route) in tests.enumerated() {
            guard let plain = route.first(where: { $0.path == path && $0.plain != nil })?.plain else {
                others.append(Int32(position))
                continue
            }
            if let number = numbers[plain.text] {
                values[number].routes.append(Int32(position))
            } else {
                numbers[plain.text] = values.count
                values.append((plain.start, plain.head, [Int32(position)]))
            }
        }
        var bits = 1
        while 1 << bits < 2 * values.count { bits += 1 }
        var slots = [Slot](repeating: .empty, count: 1 << bits)
        var keyed: [Int32] = []
        for value in values {
            var index = value.head.bucket(bits)
            while slots[index].head != .none { index = (index + 1) & (slots.count - 1) }
            slots[index] = Slot(head: value.head, start: value.start, first: Int32(keyed.count),
                                end: Int32(keyed.count + value.routes.count))
            keyed += value.routes
        }
        self.path = path
        self.slots = slots
        self.bits = bits
        self.keyed = keyed
        self.others = others
    }

    /// The range of `keyed` that lists the routes requiring the plain string at `member`, whose head
    /// is `head`; empty when no route requires it. Slots of the same head (strings alike in their
    /// first eight bytes and length) are told apart by the bytes after the head.
    @inline(__always)
    func keyedRoutes(for head: StringHead, at member: Int, _ lookup: PushLookup) -> Range<Int> {
        slots.withBufferView { slots in
            let mask = slots.count &- 1
            var index = head.bucket(bits)
            while slots[index].head != .none {
                let slot = slots[index]
                if slot.head == head {
                    let count = Int(head.length)
                    if count <= StringHead.width
                        || lookup.plainString(at: member, endsAs: Int(slot.start)..<Int(slot.start) + count) {
                        return Int(slot.first)..<Int(slot.end)
                    }
                }
                index = (index &+ 1) & mask
            }
            return 0..<0
        }
    }

    /// The first of the routes at `keyed` (a range from `keyedRoutes`) and the others, taken in file
    /// order, for which `matches` holds; its second argument tells a route of `keyed`, whose test at
    /// `path` is known to hold, from one of the others.
    @inline(__always)
    func firstRoute(keyed range: Range<Int>, where matches: (_ position: Int, _ keyed: Bool) -> Bool) -> Int? {
        keyed.withBufferView { keyed in
            others.withBufferView { others in
                var next = range.lowerBound
                var other = 0
                while true {
                    let position: Int32
                    let isKeyed: Bool
                    if next < range.upperBound {
                        isKeyed = !(other < others.count && others[other] < keyed[next])
                        if isKeyed {
                            position = keyed[next]
                            next &+= 1
                        } else {
                            position = others[other]
                            other &+= 1
                        }
                    } else if other < others.count {
                        position = others[other]
                        other &+= 1
                        isKeyed = false
                    } else {
                        return nil
                    }
                    if matches(Int(position), isKeyed) { return Int(position) }
                }
            }
        }
    }
}
