import Testing
import EntryKit

/// Records packed after a text of any length read back as they were written, at every alignment the
/// text's length leaves them.
@Suite struct PackedViewTests {
    struct Record: Equatable {
        var start: Int32
        var end: Int32
        var flag: Bool
    }

    private static let records = [Record(start: 1, end: 5, flag: true), Record(start: -7, end: 1 << 30, flag: false),
                                  Record(start: 0, end: 0, flag: true)]

    @Test(arguments: 0...9)
    func recordsAfterATextReadBackAtAnyAlignment(textCount: Int) {
        let text = (0..<textCount).map { UInt8(truncatingIfNeeded: 0x61 + $0) }
        let stride = MemoryLayout<Record>.stride
        let joined = withStackBuffer(of: UInt8.self, capacity: textCount + Self.records.count * stride) { room in
            text.withBufferView { room.copy($0, to: 0) }
            Self.records.withBufferView { room.copy(bytesOf: $0, to: textCount) }
            return Array(room.view)
        }
        #expect(joined.count == textCount + Self.records.count * stride)
        #expect(Array(joined[..<textCount]) == text)
        let read = joined.withBufferView { view in
            let packed = PackedView<Record>(view.extracting(from: textCount))
            return (0..<packed.count).map { packed[$0] }
        }
        #expect(read == Self.records)
    }

    @Test func bytesAfterTheLastWholeRecordAreNotOne() {
        let bytes = [UInt8](repeating: 0, count: MemoryLayout<Record>.stride * 2 + 3)
        #expect(bytes.withBufferView { PackedView<Record>($0).count } == 2)
        #expect(PackedView<Record>(BufferView<UInt8>()).count == 0)
    }

    @Test func copyingNoElementsWritesNothing() {
        let written = withStackBuffer(of: UInt8.self, capacity: 4) { room in
            for k in 0..<4 { room[k] = 9 }
            [Record]().withBufferView { room.copy(bytesOf: $0, to: 4) }
            return Array(room.view)
        }
        #expect(written == [9, 9, 9, 9])
    }
}
