import Testing
@testable import EntryRouter

/// FCM's 4096-byte limit counts what FCM counts (docs/PROTOCOL.md, push): the UTF-8 bytes of the
/// keys and values of the data the device gets and of the notification it shows, not the envelope.
@Suite("FCM size")
struct FCMSizeTests {
    @Test(arguments: [
        (#"{"data": {"type": "x"}}"#, 5),
        (#"{"data":{"type":"record","recordId":"7"},"notification":{"body":"Run?"}}"#, 27),
        (#"{"message": {"token": "a-long-registration-token", "data": {"type": "x"}}, "validate_only": false}"#, 5),
        (#"{"data": {"type": "x", "inviter.name": "Mina"}}"#, 5 + 16),
        (#"{"data": {"k": "é"}}"#, 1 + 2),
        (#"{"data": {"long": "xxxxxxxxxx"}, "android": {"data": {"k": "v"}}}"#, 2),
        (#"{"data": {"k": "v"}, "android": {"data": {}}}"#, 2),
        (#"{"notification": {"title": "Hi", "body": "Run?"}}"#, 5 + 2 + 4 + 4),
        (#"{"notification": {"title": "Hi"}, "android": {"notification": {"title": "Hey", "notification_count": 12}}}"#,
         5 + 3 + 18 + 2),
        (#"{"android": {"notification": {"body_loc_args": ["a", "b"]}, "ttl": "60s", "collapse_key": "c"}}"#, 13 + 9),
        (#"{"data": {"k": "v"}, "notification": {"body": "b"}, "apns": {"payload": {"aps": {"alert": "long text"}}}}"#, 2 + 5),
    ])
    func theCountIsTheDataAndNotification(_ json: String, _ bytes: Int) throws {
        #expect(try FCMShapeTests.message(json).countedBytes == bytes)
    }

    /// Whitespace and the envelope count nothing: the same data decoded from two lines weighs the same.
    @Test func theEnvelopeCountsNothing() throws {
        let compact = #"{"op":"push","fcm":{"data":{"type":"record","recordId":"7"}}}"#
        let padded = #"{"op": "push", "fcm": {"message": {"token": "\#(String(repeating: "t", count: 5000))", "data": { "type" : "record" , "recordId" : "7" }}}}"#
        for line in [compact, padded] {
            guard case .push(let push) = try Request.decode(line: bytes(line)).get().op else {
                Issue.record("not a push")
                return
            }
            #expect(push.payloadBytes == "typerecordrecordId7".utf8.count)
        }
    }

    /// A push line of an FCM message whose data counts `counted` bytes: `type`: `record` and
    /// `arg`: `1` (14 bytes), and `k` (1) with a value of two-byte characters making up the rest.
    static func line(counted: Int) -> String {
        let filler = String(repeating: "é", count: (counted - 15) / 2) + String(repeating: "x", count: (counted - 15) % 2)
        return #"{"op": "push", "id": "big", "fcm": {"message": {"token": "t", "data": {"type": "record", "arg": "1", "k": "\#(filler)"}}}}"#
    }

    /// 4096 counted bytes pass and 4097 are `payload_too_large`, the message saying what was
    /// counted; the router, the table and `entryd route` agree.
    @Test(arguments: [(4096, nil), (4097, ErrorCode.payloadTooLarge)] as [(Int, ErrorCode?)])
    func theLimitIsAtTheCountedBytes(_ counted: Int, _ code: ErrorCode?) throws {
        let line = Self.line(counted: counted)
        let op = try Request.decode(line: bytes(line)).get().op
        guard case .push(let push) = op else {
            Issue.record("not a push")
            return
        }
        #expect(push.payloadBytes == counted)
        var h = Harness()
        let effects = h.step(9, op)
        #expect(effects.errorCodes == (code.map { [$0] } ?? []))
        let table = RoutingFixtures.materunner
        let message = try FCMShapeTests.message(#"{"data": {"type": "record", "recordId": "7", "k": "\#(String(repeating: "x", count: counted - 20))"}}"#)
        #expect(message.countedBytes == counted)
        #expect(table.route(fcm: message.payload, payloadBytes: message.countedBytes).failureCode == code)
        #expect(table.explain(fcm: message).result.failureCode == code)
        if code != nil {
            #expect(table.route(fcm: message.payload, payloadBytes: message.countedBytes).failureMessage
                == "FCM message carries \(counted) bytes of data and notification keys and values, "
                + "over the 4096-byte limit (--max-payload; FCM allows 4096)")
        }
    }
}
