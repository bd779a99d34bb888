import EntryRouter
import Testing

/// Strict requests (docs/PROTOCOL.md) against the real binary: a misspelt field is refused by name and
/// nothing it carried is kept or lost silently; the connection stays open for the corrected line.
@Suite struct LiveStrictRequestTests {
    @Test func aMisspeltFieldIsRefusedAndTheCorrectedLineIsTaken() throws {
        let stored = StoredDaemon()
        let daemon = stored.current
        let scene = try LiveConnection(daemon)
        let typo = try scene.request(#""op":"scene.connect","scene":"main","lanch":{"url":"materunner://records"}"#)
        #expect(typo["error"]?.text("code") == "bad_request")
        #expect(typo["error"]?.text("message") == "op `scene.connect` has no field `lanch`; did you mean `launch`?")
        let nested = try scene.request(#""op":"scene.connect","scene":"main","launch":{"url":"materunner://records","acton":"x"}"#)
        #expect(nested["error"]?.text("message") == "op `scene.connect` has no field `launch.acton`; did you mean `launch.action`?")
        // The scene did not connect: its ops are refused until the corrected line.
        #expect(try scene.request(#""op":"scene.appeared","scene":"main","screen":"home""#)["error"]?.text("code") == "unknown_scene")
        #expect(try scene.request(#""op":"scene.connect","scene":"main""#).isOK)

        let sender = try LiveConnection(daemon)
        let push = try sender.request(#""op":"push","id":"p-1","expiraton":0,"payload":{"type":"invitation","sessionId":"s","expiraton":1}"#)
        #expect(push["error"]?.text("message") == "op `push` has no field `expiraton`; did you mean `expiration`?")
        let open = try sender.request(#""op":"open","url":"materunner://records","collapseId":"c""#)
        #expect(open["error"]?.text("code") == "bad_request")
        let status = try sender.request(#""op":"status""#)
        #expect(status.isOK)
        #expect(status["pending"]?.arrayValue.isEmpty == true, "a refused request kept an entry: \(status)")
        // The payload's own keys are the sender's: never checked.
        #expect(try sender.request(#""op":"push","id":"p-1","payload":{"type":"invitation","sessionId":"s","expiraton":1}"#).isOK)
    }
}
