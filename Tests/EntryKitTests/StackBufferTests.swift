import Testing
import EntryKit

/// `withStackBuffer` lends room of exactly the capacity asked for, on the stack up to 1 KiB and on
/// the heap beyond, and passes a typed error through; a non-throwing `withBufferView` lends the same
/// elements as the throwing one.
@Suite struct StackBufferTests {
    private struct Refused: Error, Equatable {
        let at: Int
    }

    @Test(arguments: [0, 1, 7, 128, 129, 1000, 5000])
    func roomHoldsWhatIsWrittenAtEveryCapacity(capacity: Int) {
        let read = withStackBuffer(of: UInt64.self, capacity: capacity) { room in
            #expect(room.count == capacity)
            for k in 0..<capacity { room[k] = UInt64(k) &* 0x9E37_79B9 }
            return (0..<capacity).map { room[$0] }
        }
        #expect(read == (0..<capacity).map { UInt64($0) &* 0x9E37_79B9 })
    }

    @Test(arguments: [4, 4096])
    func aTypedErrorPassesThrough(capacity: Int) {
        #expect(throws: Refused(at: capacity)) {
            try withStackBuffer(of: UInt8.self, capacity: capacity) { (room) throws(Refused) -> Int in
                throw Refused(at: room.count)
            }
        }
    }

    @Test func aNonThrowingBodyReadsTheSameElements() {
        let values: [Int32] = [5, -1, 1 << 20]
        let lent: [Int32] = values.withBufferView { view in Array(view) }
        #expect(lent == values)
        #expect(throws: Refused(at: 3)) {
            try values.withBufferView { (view) throws(Refused) -> Int in throw Refused(at: view.count) }
        }
    }
}
