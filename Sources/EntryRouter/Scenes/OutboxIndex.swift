/// Where a scene's unsent outbox entries lie, by each key an arrival or a request looks one up by:
/// id (a new entry id, a duplicate's reply, a retraction), seq (an expiry), modal kind and collapseId
/// (latest-wins, a retraction). A scene that does not read keeps its unsent entries without end, so
/// every lookup another client's request makes goes through here and never walks them all.
///
/// Positions are the outbox's: counted from the first entry it ever held, so that dropping the sent
/// prefix renumbers nothing.
struct OutboxIndex: Sendable {
    private var byId: [String: Int] = [:]
    private var bySeq: [UInt64: Int] = [:]
    /// Lists in arrival order; an emptied list is removed, so the dictionaries hold live keys only.
    private var byKind: [Int: [Int]] = [:]
    private var byCollapseId: [String: [Int]] = [:]

    /// What an unsent entry is looked up by.
    enum Key {
        case id(String)
        case seq(UInt64)
        case kindSlot(Int)
        case collapseId(String)
    }

    mutating func add(_ entry: borrowing Entry, at position: Int) {
        byId[entry.id] = position
        bySeq[entry.seq] = position
        if let kindSlot = entry.shape.kindSlot { byKind[kindSlot, default: []].append(position) }
        if let collapseId = entry.collapseId { byCollapseId[collapseId, default: []].append(position) }
    }

    mutating func remove(_ entry: borrowing Entry, at position: Int) {
        byId[entry.id] = nil
        bySeq[entry.seq] = nil
        if let kindSlot = entry.shape.kindSlot { Self.remove(position, under: kindSlot, in: &byKind) }
        if let collapseId = entry.collapseId { Self.remove(position, under: collapseId, in: &byCollapseId) }
    }

    /// The positions of the entries filed under `key`, in arrival order.
    func positions(of key: Key) -> [Int] {
        switch key {
        case .id(let id): byId[id].map { [$0] } ?? []
        case .seq(let seq): bySeq[seq].map { [$0] } ?? []
        case .kindSlot(let slot): byKind[slot] ?? []
        case .collapseId(let collapseId): byCollapseId[collapseId] ?? []
        }
    }

    func position(ofId id: String) -> Int? { byId[id] }

    func position(ofSeq seq: UInt64) -> Int? { bySeq[seq] }

    /// Entries of one kind or collapseId are usually few and leave in arrival order, so the position
    /// is looked for from the front.
    private static func remove<Name: Hashable>(_ position: Int, under name: Name, in lists: inout [Name: [Int]]) {
        guard var list = lists.removeValue(forKey: name) else { return }
        if let index = list.firstIndex(of: position) { list.remove(at: index) }
        if !list.isEmpty { lists[name] = list }
    }
}
