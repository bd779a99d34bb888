@testable import EntryDaemon
import EntryRouter
import Testing

/// The effects of several turns performed together give up their records in order and keep the rest in
/// theirs, with nothing left in the records' places: a placeholder there was once performed as a timer.
@Suite struct EffectRecordsTests {
    private static func seen(_ key: String) -> Record {
        .seen(SeenKey(key: key, at: Instant(milliseconds: 1)))
    }

    private static let timer = Effect.armTimer(Instant(milliseconds: 5_000))
    private static let close = Effect.close(ConnectionID(7))

    @Test(arguments: [
        ([], [], []),
        ([.persist(seen("a"))], ["a"], []),
        ([close, timer], [], [close, timer]),
        // Two turns: the second's record comes after the first turn's timer.
        ([.persist(seen("a")), close, timer, .persist(seen("b"))], ["a", "b"], [close, timer]),
        ([timer, .persist(seen("a")), .persist(seen("b")), close], ["a", "b"], [timer, close]),
    ] as [([Effect], [String], [Effect])])
    func recordsComeOutAndTheRestStaysInOrder(effects: [Effect], keys: [String], rest: [Effect]) {
        var effects = effects
        let records = effects.takeRecords()
        #expect(records == keys.map(Self.seen))
        #expect(effects == rest)
    }
}
