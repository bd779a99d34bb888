import Testing
import EntryKit

/// A few elements sorted on the stack: the order `sorted(by:)` gives, equal elements in their order,
/// and strings (values that own memory) kept intact.
@Suite struct StackSortTests {
    @Test(arguments: [0, 1, 2, 5, 16])
    func sortsAsSortedDoes(count: Int) {
        let words = (0..<count).map { "key-\(($0 * 7919) % 31)-\(String(repeating: "x", count: $0 * 3))" }
        let sorted = withStackSorted(words, by: <) { Array($0) }
        #expect(sorted == words.sorted())
    }

    @Test func equalElementsKeepTheirOrder() {
        let pairs = [(1, "a"), (0, "b"), (1, "c"), (0, "d")]
        let sorted = withStackSorted(pairs, by: { $0.0 < $1.0 }) { $0.map(\.1) }
        #expect(sorted == ["b", "d", "a", "c"])
    }

    @Test func aDictionarySortsByKey() {
        let map = ["b": 2, "a": 1, "c": 3]
        let keys = withStackSorted(map, by: { $0.key < $1.key }) { $0.map(\.key) }
        #expect(keys == ["a", "b", "c"])
    }
}
