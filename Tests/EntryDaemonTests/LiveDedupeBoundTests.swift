import EntryCLI
import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// `--max-dedupe-keys` against the real binary: the daemon logs the keys it forgets, and a restart on
/// its store remembers the newest keys only.
@Suite struct LiveDedupeBoundTests {
    /// The reply's `state` to a push of a record link with sender id `id` (one collapseId, so that
    /// each push replaces the one before and only the dedupe window knows the ids).
    static func pushState(_ id: String, on client: Client) throws -> String? {
        try client.send(#"{"op":"push","req":1,"id":"\#(id)","collapseId":"r","payload":{"link":"materunner://records/1"}}"#)
        guard let line = try client.readLine(timeoutMilliseconds: 5000) else { return nil }
        return try JSONValue.parse(line[...])["state"]?.stringValue
    }

    @Test func forgottenKeysAreLoggedAndARestartKeepsTheNewest() throws {
        let first = LiveDaemon(["--max-dedupe-keys", "2"])
        try #require(first.readiness == "READY=1", "\(first.process.stderrText)")
        let store = first.directory.file("store.sqlite")
        let client = try first.client()
        #expect(try ["a", "b", "c"].map { try Self.pushState($0, on: client) } == ["pending", "pending", "pending"])
        #expect(first.process.waitForStderr(containing: "dedupe window full"), "\(first.process.stderrText)")
        #expect(first.process.stderrText.contains("forgotten=1 max_dedupe_keys=2"), "\(first.process.stderrText)")
        #expect(first.stop() == 0)

        let second = LiveDaemon(["--max-dedupe-keys", "2", "--store", store])
        try #require(second.readiness == "READY=1", "\(second.process.stderrText)")
        let again = try second.client()
        #expect(try Self.pushState("c", on: again) == "duplicate")
        #expect(try Self.pushState("a", on: again) == "pending")
        #expect(second.stop() == 0)
    }
}
