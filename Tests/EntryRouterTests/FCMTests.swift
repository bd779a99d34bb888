import Foundation
import Testing
@testable import EntryRouter

/// Android pushes: an FCM HTTP v1 message routes as the APNs payload with the same custom keys
/// (its `data`), and its Android fields give the collapse id and the expiration.
@Suite("FCM messages")
struct FCMTests {
    /// Every sample push and its FCM twin (`NAME.fcm.json` beside `NAME.apns`).
    static let samples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: RoutingFixtures.samplesDirectory + "/apns")) ?? []
        return names.filter { $0.hasSuffix(".apns") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test func everySampleHasATwin() {
        #expect(Self.samples.count >= 12)
    }

    @Test(arguments: samples)
    func theFCMTwinRoutesAsTheAPNsPayload(_ name: String) throws {
        let table = name.hasPrefix("shopmate") ? RoutingFixtures.shopmate : RoutingFixtures.materunner
        let apnsBytes = try RoutingFixtures.bytes(ofSample: "apns/\(name).apns")
        let apns = table.route(push: PushPayload(try JSONValue.parse(apnsBytes[...])), payloadBytes: apnsBytes.count)
        let fcmBytes = try RoutingFixtures.bytes(ofSample: "apns/\(name).fcm.json")
        let message = try FCMMessage(try JSONValue.parse(fcmBytes[...]))
        let fcm = table.route(fcm: message.payload, payloadBytes: message.countedBytes)
        let expected = try apns.get()
        let found = try fcm.get()
        #expect(found.route == expected.route, "\(name)")
        #expect(found.params == expected.params, "\(name)")
    }

    /// A selector wanting `true` or a number is matched by the string that reads as it; one
    /// wanting a string is not matched by a typed reading.
    @Test func typedSelectorsParseTheStrings() throws {
        let config = try RoutingFixtures.load(RoutingFixtures.config(routes: #"""
            {"name": "flag", "push": {"kind": "a", "on": true}, "params": {"n": "n"}, "tab": "home"},
            {"name": "level", "push": {"kind": "b", "level": 2}, "tab": "home"},
            {"name": "text", "push": {"kind": "c", "v": "2"}, "tab": "home"}
            """#))
        let table = RoutingTable(config: config)
        func route(_ data: String) -> String? {
            guard let message = try? FCMMessage(try JSONValue.parse(Array(#"{"data": \#(data)}"#.utf8)[...])),
                  case .success(let match) = table.route(fcm: message.payload, payloadBytes: 10) else { return nil }
            return match.route
        }
        #expect(route(#"{"kind": "a", "on": "true", "n": "007"}"#) == "flag")
        #expect(route(#"{"kind": "a", "on": "false"}"#) == nil)
        #expect(route(#"{"kind": "b", "level": "2"}"#) == "level")
        #expect(route(#"{"kind": "b", "level": "2.5"}"#) == nil)
        #expect(route(#"{"kind": "c", "v": "2"}"#) == "text")
        let params = try FCMMessage(try JSONValue.parse(Array(#"{"data": {"kind": "a", "on": "true", "n": "007"}}"#.utf8)[...]))
        #expect(try table.route(fcm: params.payload, payloadBytes: 10).get().params == RouteParams(["n": "007"] as [String: String]))
    }

    @Test func theWireRequestCarriesCollapseKeyAndTTL() throws {
        let line = #"{"op": "push", "id": "f1", "fcm": {"message": {"data": {"type": "x"}, "android": {"collapse_key": "c1", "ttl": "3600.5s"}}}}"#
        guard case .push(let push) = try Request.decode(line: bytes(line)).get().op else {
            Issue.record("not a push")
            return
        }
        #expect(push.collapseId == "c1")
        #expect(push.format == .fcm(ttl: 3600))
        #expect(push.id == "f1")
        #expect(push.payload.value == .object(["type": .string("x")]))
        // FCM counts the data's keys and values, not the envelope (FCMSizeTests).
        #expect(push.payloadBytes == "typex".utf8.count)
        // The request's own collapseId wins; the message alone (no wrapper) is read too.
        guard case .push(let own) = try Request.decode(line: bytes(#"{"op": "push", "collapseId": "mine", "fcm": {"android": {"collapse_key": "c1"}}}"#)).get().op else {
            Issue.record("not a push")
            return
        }
        #expect(own.collapseId == "mine")
        #expect(own.format == .fcm(ttl: nil))
    }

    @Test(arguments: [
        (#"{"op": "push", "payload": {}, "fcm": {}}"#, "not both"),
        (#"{"op": "push", "fcm": {"data": {"n": 1}}}"#, "fcm.data.n` must be a string"),
        (#"{"op": "push", "fcm": {"data": {"a": "1", "a.b": "2"}}}"#, "fcm.data.a.b`: another data key"),
        (#"{"op": "push", "fcm": {"android": {"ttl": "1h"}}}"#, "\"3600s\"; got \"1h\""),
        (#"{"op": "push", "fcm": []}"#, "FCM message object"),
        (#"{"op": "push", "fcm": {"data": {"type": "record"}, "notification": 5}}"#, "field `fcm.notification` must be an object"),
        (#"{"op": "push", "fcm": {"message": {"notification": "hi"}}}"#, "field `fcm.notification` must be an object"),
        (#"{"op": "push", "fcm": {"data": {"type": "record"}, "android": []}}"#, "field `fcm.android` must be an object"),
        (#"{"op": "push", "fcm": {"android": null}}"#, "field `fcm.android` must be an object"),
        (#"{"op": "push", "fcm": {"android": {"notification": true}}}"#, "field `fcm.android.notification` must be an object"),
        (#"{"op": "push", "fcm": {"data": "x"}}"#, "field `fcm.data` must be an object"),
        (#"{"op": "push", "fcm": {"data": []}}"#, "field `fcm.data` must be an object"),
        (#"{"op": "push", "fcm": {"data": {"type": "record"}, "apns": 1}}"#, "field `fcm.apns` must be an object"),
        (#"{"op": "push", "fcm": {"apns": [{}]}}"#, "field `fcm.apns` must be an object"),
    ])
    func badMessagesAreBadRequests(_ line: String, _ words: String) {
        guard case .failure(let error) = Request.decode(line: bytes(line)) else {
            Issue.record("decoded")
            return
        }
        #expect(error.error.code == .badRequest)
        #expect(error.error.message.contains(words), "\(error.error.message)")
    }

    /// `android.notification` overrides the message's `notification`, as on an Android phone.
    @Test func theAlertAndClickAction() throws {
        let message = try FCMMessage(try JSONValue.parse(Array(#"{"notification": {"title": "T", "body": "B"}, "android": {"notification": {"click_action": "PRODUCT", "title": "A"}}}"#.utf8)[...]))
        #expect(message.payload.value == .object(["aps": .object(["alert": .object(["title": .string("A"), "body": .string("B")]),
                                                                  "category": .string("PRODUCT")])]))
    }

    @Test func theSizeLimitApplies() throws {
        let table = RoutingFixtures.materunner
        let message = try FCMMessage(.object(["data": .object(["type": .string("record"), "recordId": .string("7")])]))
        #expect(table.route(fcm: message.payload, payloadBytes: 4097).failureCode == .payloadTooLarge)
        #expect(table.route(fcm: message.payload, payloadBytes: 4096).failureCode == nil)
    }
}

/// `android.ttl` sets the expiration from the time the push arrives; a request's own
/// `expiration` wins over it.
@Suite("FCM expiration")
struct FCMExpirationTests {
    static func fcm(ttl: Int64?, expiration: Int64? = nil) -> EntryRouter.Operation {
        .push(PushRequest(payload: PushPayload(.object(["type": .string("invite"), "arg": .string("a")])), payloadBytes: 40,
                          id: nil, collapseId: nil, expiration: expiration, format: .fcm(ttl: ttl)))
    }

    @Test func theTTLArmsTheExpiry() {
        var h = Harness()
        let seconds = h.now.milliseconds / 1000
        #expect(h.step(9, Self.fcm(ttl: 60)).contains(.armTimer(Instant(milliseconds: (seconds + 60) * 1000 + 1))))
        var other = Harness()
        #expect(other.step(9, Self.fcm(ttl: 60, expiration: seconds + 90)).contains(.armTimer(Instant(milliseconds: (seconds + 90) * 1000 + 1))))
    }
}
