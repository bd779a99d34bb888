import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// docs/PROTOCOL.md, across restarts: a bulk hand-over of shows is paced by the scene's connection. Thousands of show events,
/// many times the output cap, reach a scene that reads slowly, whole, on a connection that stays
/// open; each entry ends `done` once written, and a restart finds nothing left to show.
@Suite struct SceneHandOverTests {
    static let shows = 3000

    @Test func aHandOverManyTimesTheOutputCapReachesASlowSceneWhole() throws {
        let directory = TemporaryDirectory()
        let config = directory.file("config.json")
        #expect(writeFile(config, Array(handOverConfig(kinds: 0).utf8)))
        let serve = ["--config", config, "--store", directory.file("store.sqlite"), "--max-output", "65536"]
        var daemon = LiveDaemon(serve, socket: directory.file("s"))
        try #require(daemon.readiness == "READY=1", "\(daemon.process.stderrText)")
        let lines = (0..<Self.shows).map { #"{"op":"open","url":"crash://item/\#($0)","id":"s-\#($0)"}"# }
        let acknowledged = try pushPipelined(lines, to: daemon)
        #expect(acknowledged.count == Self.shows)

        // The scene reads up to its appeared reply (its first batch of shows follows it) and then
        // nothing, while a sender asks for the status: the scene must still be there.
        let scene = try LiveConnection(daemon)
        try scene.request(#""op":"scene.connect","scene":"main""#)
        try scene.request(#""op":"scene.appeared","scene":"main","screen":"home""#)
        let sender = try LiveConnection(daemon)
        let meanwhile = try sender.request(#""op":"status""#)
        #expect(meanwhile["scenes"]?.arrayValue.first?.text("scene") == "main",
                "the scene's connection was closed during the hand-over: \(meanwhile)")

        var received: [String: Int] = [:]
        for event in scene.takeEvents("show") { received[event.text("entry") ?? "", default: 0] += 1 }
        while received.count < Self.shows, let line = try scene.nextLine() {
            if line.text("event") == "show" { received[line.text("entry") ?? "", default: 0] += 1 }
        }
        #expect(received.count == Self.shows, "\(Self.shows - received.count) shows never came")
        #expect(received.values.allSatisfy { $0 == 1 }, "a show came twice on one connection")
        let after = try sender.request(#""op":"status""#)
        #expect(after["counts"]?.text("done") == String(Self.shows) && after["counts"]?.text("queued") == "0",
                "every show written ends done: \(after["counts"] ?? .null)")
        #expect(daemon.stop() == 0)

        daemon = LiveDaemon(serve, socket: directory.file("s"))
        let restarted = try LiveConnection(daemon).request(#""op":"status""#)
        #expect(restarted["counts"]?.text("pending") == "0", "written shows came back after a restart")
        #expect(daemon.stop() == 0)
    }
}
