import Testing
@testable import EntryRouter

/// An FCM message's `android.collapse_key` is its collapse id (R6): a later message with the same
/// key replaces the one still waiting, as a later APNs push with the same `collapseId` does. The
/// pushes go in as the daemon reads them, as wire lines, and route to a screen (not a modal), so
/// that only the collapse key can make one replace the other.
@Suite("FCM collapse_key")
struct FCMCollapseTests {
    /// A push line of an FCM message for record `record`, with `collapseKey` when given.
    static func fcm(id: String, record: Int, collapseKey: String?) -> String {
        let android = collapseKey.map { #", "android": {"collapse_key": "\#($0)"}"# } ?? ""
        return #"{"op": "push", "id": "\#(id)", "fcm": {"message": {"data": {"type": "record", "arg": "\#(record)"}\#(android)}}}"#
    }

    static func operation(_ line: String) throws -> EntryRouter.Operation {
        try Request.decode(line: bytes(line)).get().op
    }

    /// No scene at all, or one connected whose home has not appeared: the two ways an entry waits.
    enum Waiting: CaseIterable, CustomStringConvertible {
        case noScene
        case sceneNotReady
        var description: String { self == .noScene ? "no scene" : "a scene not ready" }

        func harness() -> Harness {
            var h = Harness()
            if self == .sceneNotReady { h.step(1, scene("main", .connect(launch: nil))) }
            return h
        }
    }

    @Test(arguments: Waiting.allCases)
    func aMessageWithTheSameCollapseKeyReplacesTheWaitingOne(waiting: Waiting) throws {
        var h = waiting.harness()
        h.step(9, try Self.operation(Self.fcm(id: "f-1", record: 1, collapseKey: "records")))
        #expect(h.status.pending.map(\.id) == ["f-1"])
        let second = h.step(9, try Self.operation(Self.fcm(id: "f-2", record: 2, collapseKey: "records")))
        #expect(second.state(of: "f-1") == .replaced, "the waiting message was not replaced: \(second.records)")
        #expect(h.status.pending.map(\.id) == ["f-2"])
        #expect(h.status.counts[.replaced] == 1)
    }

    /// The control: the same two messages under different keys, or none, both wait.
    @Test(arguments: Waiting.allCases, [("a", "b"), (nil, nil)] as [(String?, String?)])
    func messagesWithOtherCollapseKeysBothWait(waiting: Waiting, keys: (String?, String?)) throws {
        var h = waiting.harness()
        h.step(9, try Self.operation(Self.fcm(id: "f-1", record: 1, collapseKey: keys.0)))
        let second = h.step(9, try Self.operation(Self.fcm(id: "f-2", record: 2, collapseKey: keys.1)))
        #expect(second.state(of: "f-1") == nil)
        #expect(h.status.pending.map(\.id) == ["f-1", "f-2"])
        #expect(h.status.counts[.replaced] == 0)
    }

    /// One collapse id for both platforms: an FCM `collapse_key` replaces a waiting APNs push whose
    /// `collapseId` is the same, and the other way round.
    @Test func aCollapseKeyAndAnAPNsCollapseIdAreOneKey() throws {
        var h = Harness()
        h.step(9, try Self.operation(#"{"op": "push", "id": "a-1", "collapseId": "records", "payload": {"type": "record", "arg": "1"}}"#))
        h.step(9, try Self.operation(Self.fcm(id: "f-2", record: 2, collapseKey: "records")))
        #expect(h.status.pending.map(\.id) == ["f-2"])
        h.step(9, try Self.operation(#"{"op": "push", "id": "a-3", "collapseId": "records", "payload": {"type": "record", "arg": "3"}}"#))
        #expect(h.status.pending.map(\.id) == ["a-3"])
        #expect(h.status.counts[.replaced] == 2)
    }
}
