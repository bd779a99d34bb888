/// Entries per state, one counter per state in a fixed array: every record changes two of them, and
/// a hand-over records thousands of entries, so no state is hashed into a dictionary for each
/// record.
struct StateCounts: Sendable {
    private var values = [Int](repeating: 0, count: EntryState.allCases.count)

    subscript(state: EntryState) -> Int {
        get { values[Self.slot(of: state)] }
        set { values[Self.slot(of: state)] = newValue }
    }

    /// Every state, zeros included: what a status report lists.
    var all: [EntryState: Int] {
        Dictionary(uniqueKeysWithValues: EntryState.allCases.map { ($0, self[$0]) })
    }

    private static func slot(of state: EntryState) -> Int {
        switch state {
        case .pending: 0
        case .queued: 1
        case .presenting: 2
        case .presented: 3
        case .done: 4
        case .replaced: 5
        case .retracted: 6
        case .expired: 7
        case .duplicate: 8
        case .updated: 9
        }
    }
}
