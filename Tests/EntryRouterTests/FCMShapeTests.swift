import Testing
@testable import EntryRouter

/// FCM as FCM decides (docs/PROTOCOL.md, push): a message FCM would refuse is refused with
/// `bad_request` naming the field, and what the device gets of a message (`android.data` over
/// `data`) is what routes.
@Suite("FCM message shape")
struct FCMShapeTests {
    /// The `bad_request` a push line of `fcm` gets, or nil when it decodes.
    static func refusal(_ fcm: String) -> WireError? {
        guard case .failure(let error) = Request.decode(line: bytes(#"{"op": "push", "fcm": \#(fcm)}"#)) else { return nil }
        return error.error
    }

    static func message(_ json: String) throws -> FCMMessage {
        try FCMMessage(try JSONValue.parse(Array(json.utf8)[...]))
    }

    static let reservedKeys = ["from", "message_type", "notification", "google.message_id", "google.c.a.e", "google.",
                               "gcm.notification.title", "gcm.n.e"]

    @Test(arguments: reservedKeys, ["data", "android.data"])
    func aReservedKeyIsRefusedNamingIt(_ key: String, _ map: String) throws {
        let data = #"{"type": "record", "\#(key)": "x"}"#
        let fcm = map == "data" ? #"{"data": \#(data)}"# : #"{"android": {"data": \#(data)}}"#
        let error = try #require(Self.refusal(fcm))
        #expect(error.code == .badRequest)
        #expect(error.message.contains("field `fcm.\(map).\(key)`"), "\(error.message)")
        #expect(error.message.contains("reserves the data key \"\(key)\""), "\(error.message)")
        #expect(throws: FCMMessageError.reservedKey(field: "fcm.\(map).\(key)", key: key)) { try Self.message(fcm) }
    }

    /// Keys that only look like reserved ones are the sender's own.
    @Test(arguments: ["fromage", "google", "gcm", "googles.x", "notifications", "message_types", "my.google.key"])
    func aKeyLikeAReservedOneIsTheSenders(_ key: String) throws {
        let message = try Self.message(#"{"data": {"\#(key)": "x"}, "android": {"data": {"\#(key)": "y"}}}"#)
        #expect(message.payload.value[path: key] == .string("y"))
    }

    /// A data value of another type than a string, in either map, names the key.
    @Test(arguments: [(#"{"data": {"n": 1}}"#, "fcm.data.n"), (#"{"data": {"n": null}}"#, "fcm.data.n"),
                      (#"{"data": {"n": {"a": "b"}}}"#, "fcm.data.n"), (#"{"android": {"data": {"n": true}}}"#, "fcm.android.data.n"),
                      (#"{"android": {"data": {"n": ["x"]}}}"#, "fcm.android.data.n"), (#"{"android": {"data": "n"}}"#, "fcm.android.data")])
    func aValueThatIsNotAStringIsRefused(_ fcm: String, _ field: String) throws {
        let error = try #require(Self.refusal(fcm))
        #expect(error.code == .badRequest)
        #expect(error.message.hasPrefix("field `\(field)` must be"), "\(error.message)")
    }

    /// Legacy API bodies, wrapped or not, and members beside `message`: each refused naming the
    /// member and showing the v1 shape.
    @Test(arguments: [
        (#"{"to": "token-1", "data": {"type": "record"}}"#, "fcm.to"),
        (#"{"registration_ids": ["a", "b"], "data": {"type": "record"}}"#, "fcm.registration_ids"),
        (#"{"message": {"data": {"type": "record"}}, "to": "token-1"}"#, "fcm.to"),
        (#"{"message": {"data": {"type": "record"}}, "registration_ids": ["a"]}"#, "fcm.registration_ids"),
        (#"{"message": {"to": "token-1", "data": {"type": "record"}}}"#, "fcm.to"),
        (#"{"message": {"token": "t", "data": {"type": "record"}}, "priority": "high"}"#, "fcm.priority"),
        (#"{"message": {"token": "t"}, "dry_run": true}"#, "fcm.dry_run"),
        (#"{"message": {"token": "t"}, "validate_only": false, "extra": 1}"#, "fcm.extra"),
        (#"{"message": {"token": "t"}, "token": "t"}"#, "fcm.token"),
        (#"{"token": "t", "collapse_key": "c"}"#, "fcm.collapse_key"),
        (#"{"token": "t", "time_to_live": 60}"#, "fcm.time_to_live"),
        (#"{"token": "t", "content_available": true}"#, "fcm.content_available"),
    ])
    func aLegacyShapeIsRefusedShowingTheV1Shape(_ fcm: String, _ field: String) throws {
        let error = try #require(Self.refusal(fcm))
        #expect(error.code == .badRequest)
        #expect(error.message.hasPrefix("field `\(field)`"), "\(error.message)")
        #expect(error.message.contains(#"{"message":{"token":…,"data":{…}}}"#), "\(error.message)")
    }

    /// Where HTTP v1 has what a legacy member meant, the refusal says so.
    @Test(arguments: [("time_to_live", "`android.ttl`"), ("collapse_key", "`android.collapse_key`"),
                      ("priority", "`android.priority`"), ("dry_run", "`validate_only` beside `message`")])
    func aLegacyMemberIsPointedToItsV1Place(_ key: String, _ place: String) throws {
        let error = try #require(Self.refusal(#"{"token": "t", "\#(key)": 1}"#))
        #expect(error.message.contains(place), "\(error.message)")
    }

    /// A member no v1 message has is refused as FCM refuses it, with the nearest one it has.
    @Test func anUnknownMemberIsRefusedWithTheNearestName() throws {
        let error = try #require(Self.refusal(#"{"message": {"tokn": "t", "data": {"type": "record"}}}"#))
        #expect(error.message.hasPrefix("field `fcm.tokn` is not a member of an FCM HTTP v1 message"), "\(error.message)")
        #expect(error.message.hasSuffix("did you mean `token`?"), "\(error.message)")
        #expect(Self.refusal(#"{"message": "x"}"#)?.message.hasPrefix("field `fcm.message` must be an object") == true)
    }

    /// Every member of a v1 message is taken, and `validate_only: false` beside it.
    @Test func theV1ShapeIsTaken() {
        #expect(Self.refusal(#"{"message": {"name": "n", "token": "t", "data": {"type": "record"}, "notification": {"title": "T"}, "android": {}, "webpush": {}, "apns": {}, "fcm_options": {}}, "validate_only": false}"#) == nil)
        #expect(Self.refusal(#"{"topic": "news", "data": {"type": "record"}}"#) == nil)
        #expect(Self.refusal(#"{"condition": "'a' in topics", "data": {"type": "record"}}"#) == nil)
    }

    /// FCM delivers nothing for `validate_only: true`; the router would deliver it, so it refuses.
    @Test(arguments: [(#"true"#, "FCM would check the message and deliver nothing"), (#""yes""#, "must be a boolean"),
                      (#"null"#, "must be a boolean")])
    func validateOnlyIsFalseOrAbsent(_ value: String, _ words: String) throws {
        let error = try #require(Self.refusal(#"{"message": {"token": "t"}, "validate_only": \#(value)}"#))
        #expect(error.code == .badRequest)
        #expect(error.message.hasPrefix("field `fcm.validate_only`"), "\(error.message)")
        #expect(error.message.contains(words), "\(error.message)")
    }
}

/// `android.data` replaces `data` on the device, whole: so it does for routing.
@Suite("FCM android.data")
struct FCMAndroidDataTests {
    @Test func androidDataReplacesData() throws {
        let message = try FCMShapeTests.message(#"{"data": {"type": "invitation", "sessionId": "s1", "only": "data"}, "android": {"data": {"type": "record", "recordId": "7"}}}"#)
        #expect(message.payload.value == .object(["type": .string("record"), "recordId": .string("7")]))
        let routed = RoutingFixtures.materunner.route(fcm: message.payload, payloadBytes: message.countedBytes)
        #expect(try routed.get().route == "recordDetail")
        #expect(try routed.get().params == RouteParams(["id": "7"] as [String: String]))
    }

    /// Without `android.data`, or with an empty one (a protobuf map has no presence: FCM reads `{}`
    /// as absent), `data` is what the device gets.
    @Test(arguments: [#", "android": {"data": {}}"#, #", "android": {"collapse_key": "c"}"#, ""])
    func dataRoutesWithoutAndroidData(_ android: String) throws {
        let message = try FCMShapeTests.message(#"{"data": {"type": "record", "recordId": "7"}\#(android)}"#)
        #expect(message.payload.value == .object(["type": .string("record"), "recordId": .string("7")]))
    }

    /// The replaced `data` must still be a message FCM takes.
    @Test func theReplacedDataIsStillChecked() {
        #expect(throws: FCMMessageError.reservedKey(field: "fcm.data.from", key: "from")) {
            try FCMShapeTests.message(#"{"data": {"from": "x"}, "android": {"data": {"type": "record"}}}"#)
        }
    }

    /// A clash among `android.data`'s key paths names `android.data`'s key.
    @Test func aClashNamesTheMapItIsIn() {
        #expect(throws: FCMMessageError.keyPathClash(field: "fcm.android.data.a.b", with: "another data key")) {
            try FCMShapeTests.message(#"{"android": {"data": {"a": "1", "a.b": "2"}}}"#)
        }
        #expect(throws: FCMMessageError.keyPathClash(field: "fcm.android.data.aps", with: "the alert made of `notification`")) {
            try FCMShapeTests.message(#"{"notification": {"title": "T"}, "android": {"data": {"aps": "1"}}}"#)
        }
    }
}
