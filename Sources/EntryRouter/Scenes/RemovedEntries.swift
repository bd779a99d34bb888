/// Entries taken out of the inbox together, in arrival order: those a new entry replaces (R6).
///
/// Nearly every arrival replaces none or one, so the first is held inline and only a second one
/// allocates an array: returning an `[Entry]` allocated and freed one per push. `popFirst` moves the
/// entries out; reading them through the subscript copies them.
struct RemovedEntries: RandomAccessCollection {
    private var head: Entry?
    private var rest: [Entry] = []
    /// How many of `rest` `popFirst` took.
    private var popped = 0

    typealias Indices = Range<Int>

    var startIndex: Int { 0 }
    var endIndex: Int { (head == nil ? 0 : 1) + rest.count - popped }
    var isEmpty: Bool { head == nil && popped == rest.count }

    subscript(position: Int) -> Entry {
        head == nil ? rest[popped + position] : position == 0 ? head! : rest[popped + position - 1]
    }

    /// Adds an entry after the others; only before the first `popFirst`.
    mutating func append(_ entry: consuming Entry) {
        if head == nil && rest.isEmpty { head = entry } else { rest.append(entry) }
    }

    mutating func append(contentsOf entries: [Entry]) {
        for entry in entries { append(entry) }
    }

    /// Puts the entries in arrival order; one alone already is.
    mutating func sortBySeq() {
        guard !rest.isEmpty, let first = head.take() else { return }
        var all = [first]
        all += rest
        all.sort { $0.seq < $1.seq }
        head = all.removeFirst()
        rest = all
    }

    /// Takes the first entry out, without a copy of it.
    mutating func popFirst() -> Entry? {
        if let first = head.take() { return first }
        guard popped < rest.count else { return nil }
        popped += 1
        return rest[popped - 1]
    }
}
