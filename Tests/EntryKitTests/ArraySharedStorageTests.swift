import EntryKit
import Testing

/// Two arrays share their storage exactly when one is an unwritten copy of the other.
struct ArraySharedStorageTests {
    @Test func aCopySharesItsStorageUntilWritten() {
        let bytes: [UInt8] = [1, 2, 3]
        var copy = bytes
        #expect(bytes.sharesStorage(with: copy))
        copy[0] = 1
        #expect(!bytes.sharesStorage(with: copy))
        #expect(bytes == copy)
    }

    @Test func equalArraysMadeApartDoNotShare() {
        let a: [UInt8] = [1, 2, 3]
        let b: [UInt8] = Array([1, 2, 3])
        #expect(!a.sharesStorage(with: b))
        #expect(!a.sharesStorage(with: Array(a[..<2])))
        #expect([UInt8]().sharesStorage(with: []))
        #expect(![UInt8]().sharesStorage(with: a))
    }
}
