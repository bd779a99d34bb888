import EntryCLI
import EntryClient
import EntryRouter
import Testing

/// The request lines `push`, `open` and `retract` build from their command lines and files.
@Suite struct SenderRequestTests {
    private func parsed(_ arguments: [String]) throws -> ParsedArguments {
        try parseArguments(arguments, commands: Commands.all).get()
    }

    @Test(arguments: [("30s", 30), ("10m", 600), ("2h", 7200), ("1d", 86400), ("1500ms", 2), ("1000ms", 1)] as [(String, Int64)])
    func expiresInCountsFromNow(text: String, seconds: Int64) throws {
        let request = try SenderRequest.open(url: "x://y", parsed(["open", "x://y", "--expires-in", text]), now: 1_000_000)
        #expect(request.json(req: 1)["expiration"] == .number(Double(1_000_000 + seconds)))
    }

    @Test(arguments: ["", "10", "s", "0s", "0ms", "-5m", "1.5h", "10w", "99999999999999999d"])
    func expiresInRefusesWhatIsNotADuration(text: String) throws {
        #expect(throws: SenderRequestError.self) {
            try SenderRequest.open(url: "x://y", parsed(["open", "x://y", "--expires-in", text]), now: 1_000_000)
        }
    }

    @Test(arguments: [(["--id", "a"], "id", "a"), (["--kind", "tutorial"], "kind", "tutorial"),
                      (["--collapse-id", "c-1"], "collapseId", "c-1")] as [([String], String, String)])
    func retractTakesOneTarget(flags: [String], field: String, value: String) throws {
        let request = try SenderRequest.retract(parsed(["retract"] + flags))
        #expect(request.json(req: 1) == .object(["op": .string("retract"), "req": .number(1), field: .string(value)]))
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let payload = try SenderRequest.payload(apns: [0xEF, 0xBB, 0xBF] + Array(#"{"type":"record"}"#.utf8), file: "f.apns")
        #expect(payload == .object(["type": .string("record")]))
    }

    /// A file is sent as `fcm` when it is an FCM request body, v1 or legacy (which the daemon
    /// refuses showing the v1 shape); anything with `aps`, or without those members, is APNs.
    @Test(arguments: [
        (#"{"message":{"token":"t","data":{"type":"record"}}}"#, "fcm"),
        (#"{"message":{"token":"t"},"validate_only":false}"#, "fcm"),
        (#"{"to":"t","data":{"type":"record"}}"#, "fcm"),
        (#"{"registration_ids":["t"],"data":{"type":"record"}}"#, "fcm"),
        (#"{"aps":{"alert":"hi"},"message":{"id":"1"}}"#, "payload"),
        (#"{"aps":{"alert":"hi"},"to":"runner-7"}"#, "payload"),
        (#"{"message":"hi","type":"record"}"#, "payload"),
        (#"{"type":"record"}"#, "payload"),
    ])
    func anFCMFileIsToldFromAnAPNsPayload(_ json: String, _ member: String) throws {
        #expect(try SenderRequest.pushMember(Array(json.utf8), file: "f.json", fcm: false).key == member)
    }

    @Test func theBundleArgumentIsAddedOrMustAgree() throws {
        let bare = Array(#"{"type":"record"}"#.utf8)
        let added = try SenderRequest.payload(apns: bare, file: "f.apns", bundle: "com.example.a")
        #expect(added["Simulator Target Bundle"] == .string("com.example.a"))
        let named = Array(#"{"Simulator Target Bundle":"com.example.a","type":"record"}"#.utf8)
        #expect(try SenderRequest.payload(apns: named, file: "f.apns", bundle: "com.example.a") == added)
        #expect(throws: SenderRequestError.badFile(
            file: "f.apns", reason: #"its "Simulator Target Bundle" is "com.example.a", but the command line names "com.example.b""#)) {
            try SenderRequest.payload(apns: named, file: "f.apns", bundle: "com.example.b")
        }
    }

    @Test func watchLinesGetATimeFirst() {
        let time = Instant(milliseconds: 1_767_225_600_123)
        let line = Array(#"{"event":"entry","id":"e-1"}"#.utf8)
        #expect(String(decoding: TimedLine.stamped(line, at: time), as: UTF8.self)
                == #"{"time":"2026-01-01T00:00:00.123Z","event":"entry","id":"e-1"}"#)
        #expect(String(decoding: TimedLine.stamped(Array("{}".utf8), at: time), as: UTF8.self) == #"{"time":"2026-01-01T00:00:00.123Z"}"#)
        #expect(TimedLine.stamped(Array("[1]".utf8), at: time) == Array("[1]".utf8))
    }
}
