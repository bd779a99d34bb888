import EntryHost
import EntryRouter

/// Generated entry ids (`e-N`) never repeat: the largest `N` ever stored is kept in `meta`, written by
/// the commit that stores it, so neither a restart nor pruning every entry lets a number come back.
///
/// A commit checks the ids it writes in Swift and adds one statement to its transaction only when one of
/// them is a larger number, which a daemon that numbers its entries does about once a turn and one whose
/// senders give ids never does. (Schema 3 kept an index of every id's number instead, which every
/// upsert of an entry paid for.)
extension SQLiteStore {
    /// The largest generated number among `entries`, if it is larger than the one recorded.
    func newLargestNumber(in entries: [EntryRecord]) -> Int64? {
        var largest = largestNumber
        for entry in entries {
            if let number = RecordChanges.generatedNumber(of: entry.id), number > largest { largest = number }
        }
        return largest > largestNumber ? largest : nil
    }

    /// One more than the largest generated number ever stored.
    func nextEntryNumber() -> UInt64 {
        UInt64(max(largestNumber, 0)) + 1
    }

    /// The next modal and screen numbers the router recorded (`Record.issued`); 1 for a store that
    /// never recorded any.
    func loadIssuedNumbers() throws(SQLiteError) -> IssuedNumbers {
        let modal = try database.scalarInt64(Self.selectMeta, [.text(Self.nextModalKey)]) ?? 1
        let screen = try database.scalarInt64(Self.selectMeta, [.text(Self.nextScreenKey)]) ?? 1
        return IssuedNumbers(modal: UInt64(max(modal, 1)), screen: UInt64(max(screen, 1)))
    }

    /// Raises the recorded next modal and screen numbers, inside the commit's transaction.
    func record(_ issued: IssuedNumbers) throws(SQLiteError) {
        let raise = try database.cached(Self.raiseMeta)
        try raise.run([.text(Self.nextModalKey), .integer(Int64(clamping: issued.modal))])
        try raise.run([.text(Self.nextScreenKey), .integer(Int64(clamping: issued.screen))])
    }

    // MARK: - Statements

    /// The keys in `meta`: the largest generated entry number ever stored, and the next modal and
    /// screen numbers.
    static let largestNumberKey = "largest_entry_number"
    private static let nextModalKey = "next_modal_number"
    private static let nextScreenKey = "next_screen_number"

    /// Raises the value of key `?1` in `meta` to `?2`, never lowers it: a number once recorded never
    /// comes back, whatever a later commit says.
    static let raiseMeta = """
        INSERT INTO meta (key, value) VALUES (?1, ?2)
        ON CONFLICT (key) DO UPDATE SET value = max(value, excluded.value)
        """

    static let selectMeta = "SELECT value FROM meta WHERE key = ?1"
}
