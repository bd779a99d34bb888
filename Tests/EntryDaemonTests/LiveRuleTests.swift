import EntryDaemon
import EntryRouter
import Glibc
import Testing

/// The rules and limits of docs/PROTOCOL.md checked against the built daemon over its socket: what only the
/// real loop, store and process can show (turns, output caps, restarts, signals, wall-clock expiry).
///
/// The embedded sample config is used: `materunner://notice/X` is a `serviceNotice` modal (priority 4),
/// `materunner://guide/permission/X` a `permissionGuide` modal (priority 0), and
/// `materunner://records/N` a show route that needs the `signedIn` gate (so it stays pending). Every
/// daemon has a store file of its own in a temporary directory, never the default one.
@Suite(.serialized) struct LiveRuleTests {
    // MARK: Helpers

    private func watcher(_ daemon: LiveDaemon) throws -> LiveConnection {
        let watcher = try LiveConnection(daemon)
        try #require(try watcher.request(#""op":"watch""#).isOK)
        return watcher
    }

    private func entryEvent(on watcher: LiveConnection, id: String, state: String) throws -> JSONValue {
        try watcher.event { $0.text("event") == "entry" && $0.text("id") == id && $0.text("state") == state }
    }

    private func pendingIDs(_ daemon: LiveDaemon) throws -> [String] {
        let status = try LiveConnection(daemon).request(#""op":"status""#)
        return status["pending"]?.arrayValue.compactMap { $0.text("id") } ?? []
    }

    // MARK: R5 coalescing

    /// Low then high priority in one write: both are queued before the present is decided.
    @Test func lowThenHighInOneWriteIsPresentedHighFirst() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let scene = try LiveConnection.readyScene(on: daemon, signedIn: false)
        let sender = try LiveConnection(daemon)
        try sender.client.send(bytes: Array((#"{"req":1,"op":"open","url":"materunner://notice/low","id":"low"}"# + "\n"
            + #"{"req":2,"op":"open","url":"materunner://guide/permission/camera","id":"high"}"# + "\n").utf8))
        #expect(try sender.reply(to: 1).text("state") == "queued")
        #expect(try sender.reply(to: 2).text("state") == "presenting")
        let first = try scene.event { $0.text("event") == "present" }
        #expect(first.text("entry") == "high")
    }

    /// The same two entries in separate turns (the second sent once the first was answered): the low
    /// one was already presented when the high one arrived.
    @Test func lowThenHighInSeparateTurnsIsPresentedLowFirst() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let scene = try LiveConnection.readyScene(on: daemon, signedIn: false)
        let sender = try LiveConnection(daemon)
        #expect(try sender.request(#""op":"open","url":"materunner://notice/low","id":"low""#).text("state") == "presenting")
        #expect(try sender.request(#""op":"open","url":"materunner://guide/permission/camera","id":"high""#)
            .text("state") == "queued")
        let first = try scene.event { $0.text("event") == "present" }
        #expect(first.text("entry") == "low")
    }

    // MARK: R14 independent subscribers

    /// Two watchers see the same stream; a third one joining silences neither.
    @Test func watchersGetTheSameEventsAndANewOneSilencesNone() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let first = try watcher(daemon)
        let second = try watcher(daemon)
        let sender = try LiveConnection(daemon)
        try sender.request(#""op":"open","url":"materunner://records/1","id":"r-1""#)
        let seenByFirst = try entryEvent(on: first, id: "r-1", state: "pending")
        #expect(try entryEvent(on: second, id: "r-1", state: "pending") == seenByFirst)

        let third = try watcher(daemon)
        let scene = try LiveConnection.readyScene(on: daemon, signedIn: false)
        try sender.request(#""op":"open","url":"materunner://records/2","id":"r-2""#)
        for watcher in [first, second, third] {
            let connected = try watcher.event { $0.text("event") == "scene" && $0.text("what") == "ready" }
            #expect(connected.text("scene") == "main")
            #expect(try entryEvent(on: watcher, id: "r-2", state: "pending").text("scene") == "main")
        }
        withExtendedLifetime(scene) {}
    }

    /// A watcher that never reads is dropped once its unsent output passes `--max-output`, with a log
    /// line; the daemon and a watcher that reads go on.
    @Test func aWatcherThatDoesNotReadIsDroppedAndOthersAreServed() throws {
        let stored = StoredDaemon(["--max-output", "4096"])
        let daemon = stored.current
        let stuck = try daemon.client()
        try stuck.send(#"{"op":"watch","req":1}"#)
        let reading = try watcher(daemon)
        let sender = try LiveConnection(daemon)
        var sent = 0
        while !daemon.process.waitForStderr(containing: "unsent output over the cap", timeoutMilliseconds: 0) && sent < 20_000 {
            let ids = (sent..<(sent + 100)).map { "f-\($0)" }
            sent += ids.count
            try sender.client.send(ids.map { #"{"op":"open","url":"materunner://records/\#($0.dropFirst(2))","id":"\#($0)"}"# }
                .joined(separator: "\n") + "\n")
            for _ in ids { _ = try sender.nextLine() }
            _ = try entryEvent(on: reading, id: ids[ids.count - 1], state: "pending")
            _ = reading.takeEvents("entry")
        }
        #expect(daemon.process.waitForStderr(containing: "unsent output over the cap"))
        #expect(daemon.process.stderrText.contains("level=warn msg=\"connection closed\""))
        try sender.request(#""op":"open","url":"materunner://records/99999","id":"after""#)
        #expect(try entryEvent(on: reading, id: "after", state: "pending")["event"] != nil)
        var lines = 0
        while try stuck.readLine(timeoutMilliseconds: 5000) != nil { lines += 1 }
        #expect(lines < sent + 2, "the stuck watcher got everything: it was not dropped")
        #expect(try sender.request(#""op":"status""#).isOK)
    }

    // MARK: R15 disconnect

    /// A scene gone with a present not acknowledged gives the entry back: pending, and presented to
    /// the next scene that becomes ready.
    @Test func aSceneGoneBeforeAcknowledgingGivesTheEntryBack() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let watcher = try watcher(daemon)
        var scene: LiveConnection? = try LiveConnection.readyScene(on: daemon, signedIn: false)
        let sender = try LiveConnection(daemon)
        #expect(try sender.request(#""op":"open","url":"materunner://notice/n1","id":"m-1""#).text("state") == "presenting")
        _ = try scene?.event { $0.text("event") == "present" && $0.text("entry") == "m-1" }
        scene = nil
        _ = try watcher.event { $0.text("event") == "scene" && $0.text("what") == "disconnected" }
        #expect(try entryEvent(on: watcher, id: "m-1", state: "pending").text("scene") == nil)
        #expect(try pendingIDs(daemon) == ["m-1"])
        let next = try LiveConnection.readyScene("second", on: daemon, signedIn: false)
        #expect(try next.event { $0.text("event") == "present" }.text("entry") == "m-1")
    }

    /// A scene gone after acknowledging its modal: the entry is consumed, no other scene gets it.
    @Test func anAcknowledgedModalStaysConsumedAfterADisconnect() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let watcher = try watcher(daemon)
        var scene: LiveConnection? = try LiveConnection.readyScene(on: daemon, signedIn: false)
        let sender = try LiveConnection(daemon)
        try sender.request(#""op":"open","url":"materunner://notice/n1","id":"m-1""#)
        let present = try #require(try scene?.event { $0.text("event") == "present" })
        #expect(try scene?.request(#""op":"scene.presented","scene":"main","modal":"\#(present.text("modal") ?? "")""#).isOK == true)
        scene = nil
        _ = try watcher.event { $0.text("event") == "scene" && $0.text("what") == "disconnected" }
        #expect(try pendingIDs(daemon).isEmpty)
        let next = try LiveConnection.readyScene("second", on: daemon, signedIn: false)
        try next.request(#""op":"status""#)
        #expect(next.takeEvents("present").isEmpty)
    }

    // MARK: R16 nothing lost

    /// An `ok` reply, then `kill -9`: after the restart the entry is pending and a retry is a duplicate.
    @Test func okThenKillNineKeepsTheEntryPending() throws {
        let daemon = StoredDaemon()
        let sender = try LiveConnection(daemon.current)
        #expect(try sender.request(#""op":"open","url":"materunner://records/7","id":"r-7""#).text("state") == "pending")
        #expect(daemon.killAndRestart() == "READY=1")
        #expect(try pendingIDs(daemon.current) == ["r-7"])
        let retried = try LiveConnection(daemon.current).request(#""op":"open","url":"materunner://records/7","id":"r-7""#)
        #expect(retried.text("state") == "duplicate")
        #expect(try pendingIDs(daemon.current) == ["r-7"])
    }

    /// A `scene.presented` reply, then `kill -9`: the restarted daemon never presents it again.
    @Test func anAcknowledgedPresentIsNotShownAgainAfterKillNine() throws {
        let daemon = StoredDaemon()
        let scene = try LiveConnection.readyScene(on: daemon.current, signedIn: false)
        try LiveConnection(daemon.current).request(#""op":"open","url":"materunner://notice/n1","id":"m-1""#)
        let present = try scene.event { $0.text("event") == "present" }
        #expect(try scene.request(#""op":"scene.presented","scene":"main","modal":"\#(present.text("modal") ?? "")""#).isOK)
        #expect(daemon.killAndRestart() == "READY=1")
        let next = try LiveConnection.readyScene(on: daemon.current, signedIn: false)
        try next.request(#""op":"status""#)
        #expect(next.takeEvents("present").isEmpty)
        #expect(try pendingIDs(daemon.current).isEmpty)
    }

    // MARK: R18 replay protection

    /// A scene that reconnects with the same launch entry after a restart does not get it twice.
    @Test func aReplayedLaunchEntryIsADuplicateAcrossARestart() throws {
        let daemon = StoredDaemon()
        let connect = #""op":"scene.connect","scene":"main","launch":{"url":"materunner://notice/launch""#
        try #require(try LiveConnection(daemon.current).request(connect + "}").isOK)
        let launched = try pendingIDs(daemon.current)
        #expect(launched.count == 1)
        #expect(daemon.killAndRestart() == "READY=1")
        let scene = try LiveConnection(daemon.current)
        #expect(try scene.request(connect + "}").isOK)
        let status = try scene.request(#""op":"status""#)
        #expect(status["counts"]?.text("duplicate") == "1")
        #expect(status["pending"]?.arrayValue.compactMap { $0.text("id") } == launched)
        try scene.request(#""op":"scene.appeared","scene":"main","screen":"home""#)
        try scene.request(#""op":"status""#)
        #expect(scene.takeEvents("present").compactMap { $0.text("entry") } == launched)
    }

    // MARK: Expiry and limits

    /// An entry whose expiration passes while it waits ends `expired` and leaves the inbox (R10).
    @Test func anEntryPastItsExpirationExpires() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let watcher = try watcher(daemon)
        // Two seconds ahead, not one: a loaded machine may take more than a second to get the open
        // through the daemon's commit, and it would then be refused as already expired.
        let expiration = time(nil) + 2
        let reply = try LiveConnection(daemon).request(
            #""op":"open","url":"materunner://notice/soon","id":"soon","expiration":\#(expiration)"#)
        #expect(reply.text("state") == "pending")
        _ = try entryEvent(on: watcher, id: "soon", state: "expired")
        #expect(try pendingIDs(daemon).isEmpty)
    }

    /// `--max-pending 3`: the fourth waiting entry is refused with `inbox_full`, nothing is kept, and
    /// the daemon goes on serving.
    @Test func aFullInboxRefusesWithInboxFull() throws {
        let stored = StoredDaemon(["--max-pending", "3"])
        let daemon = stored.current
        let sender = try LiveConnection(daemon)
        for n in 1...3 {
            #expect(try sender.request(#""op":"open","url":"materunner://records/\#(n)","id":"r-\#(n)""#).isOK)
        }
        let refused = try sender.request(#""op":"open","url":"materunner://records/4","id":"r-4""#)
        #expect(refused.errorCode == "inbox_full")
        #expect(refused["error"]?.text("message")?.contains("--max-pending") == true)
        #expect(try pendingIDs(daemon) == ["r-1", "r-2", "r-3"])
    }

    // MARK: Shutdown

    /// SIGTERM while a sender pipelines: every reply is `ok` or `shutting_down`, none `ok` after the
    /// first refusal; the daemon exits 0 and removes its socket, and a restart has exactly the
    /// acknowledged entries.
    @Test func sigtermRefusesWhatItWillNotFinishAndKeepsWhatItAcknowledged() throws {
        let daemon = StoredDaemon()
        let ids = (1...3000).map { "t-\($0)" }
        let lines = ids.map { #"{"op":"open","url":"materunner://records/\#($0.dropFirst(2))","id":"\#($0)"}"# }
        let stream = try #require(PipelinedStream(path: daemon.current.socket))
        let outcome = stream.run(lines, batches: [50], actAt: .written(1500)) { daemon.current.process.signal(SIGTERM) }
        #expect(!outcome.stalled)
        #expect(daemon.current.process.waitForExit() == 0)
        #expect(access(daemon.current.socket, F_OK) != 0)
        let codes = outcome.replies.map { $0.isOK ? "ok" : $0.errorCode ?? "?" }
        #expect(Set(codes).isSubset(of: ["ok", "shutting_down"]))
        let acknowledged = Array(ids.prefix(codes.firstIndex(of: "shutting_down") ?? codes.count))
        #expect(codes.prefix(acknowledged.count).allSatisfy { $0 == "ok" })
        #expect(codes.dropFirst(acknowledged.count).allSatisfy { $0 == "shutting_down" })
        print("sigterm: \(outcome.replies.count) of \(ids.count) requests answered, \(acknowledged.count) ok")

        let restarted = LiveDaemon(["--store", daemon.store], socket: daemon.current.socket)
        #expect(try LiveConnection(restarted).allPending().ids == acknowledged)
    }
}
