@testable import EntryClient
@testable import EntryRouter
import Testing

/// The client speaks every op the daemon reads, and the daemon's own decoder accepts every line
/// the client writes: an op added to the engine without its client request, or a client request
/// the daemon would refuse (a misspelt member, now refused by strict requests), fails here rather
/// than in an app's test run.
@Suite struct RequestCoverageTests {
    private static let payload = APNsPayload(["type": .string("serviceNotice"), "noticeId": .string("n-1")])
    private static let message: JSONValue = .object([
        "data": .object(["type": .string("serviceNotice")]),
        "android": .object(["collapse_key": .string("k"), "ttl": .string("60s")]),
    ])

    /// The engine's payload for a value the client sends, with its size as written on the line: the
    /// client writes the value with the engine's own JSON writer.
    private static func pushPayload(_ value: JSONValue) -> (payload: PushPayload, bytes: Int) {
        var text: [UInt8] = []
        JSONWriter.append(value, to: &text)
        return (PushPayload(value), text.count)
    }

    /// One request per op, each with every member it can carry, and what the daemon must read in its
    /// line: every field, not only that it decodes. A client request for a new op comes with its
    /// decoding here.
    private static let everyLine: [(EntryRequest, EntryRouter.Operation)] = {
        let apns = pushPayload(payload.json)
        let fcm = pushPayload(.object(["type": .string("serviceNotice")]))
        // What FCM counts of the message: the data's keys and values, "type" and "serviceNotice".
        let fcmBytes = "typeserviceNotice".utf8.count
        return [
            (.hello(token: "t"), .hello(token: "t")),
            (.push(payload, id: "n-1", collapseId: "c", expiration: 1_700_000_000),
             .push(PushRequest(payload: apns.payload, payloadBytes: apns.bytes, id: "n-1", collapseId: "c",
                               expiration: 1_700_000_000, format: .apns))),
            (.fcm(message, id: "n-2", collapseId: "c2", expiration: 1_700_000_001),
             .push(PushRequest(payload: fcm.payload, payloadBytes: fcmBytes, id: "n-2", collapseId: "c2",
                               expiration: 1_700_000_001, format: .fcm(ttl: 60)))),
            (.fcm(message, id: "n-3"),
             .push(PushRequest(payload: fcm.payload, payloadBytes: fcmBytes, id: "n-3", collapseId: "k",
                               expiration: nil, format: .fcm(ttl: 60)))),
            (.open(url: "materunner://records/7", source: .widget, id: "o-1", expiration: 1_700_000_000, platform: .android),
             .open(OpenRequest(url: "materunner://records/7", source: .widget, id: "o-1", expiration: 1_700_000_000,
                               platform: .android))),
            (.open(url: "https://materunner.app/records/7"), .open(OpenRequest(url: "https://materunner.app/records/7"))),
            (.retract(.id("n-1")), .retract(.id("n-1"))),
            (.retract(.kind("serviceNotice")), .retract(.kind("serviceNotice"))),
            (.retract(.collapseId("c")), .retract(.collapseId("c"))),
            (.status(limit: 10, after: "p3"), .status(limit: 10, after: "p3")),
            (.watch, .watch),
            (.advance(by: ClockSpan(.seconds(90))), .advance(milliseconds: 90_000)),
            (.scene("main", .connect(launch: .notification(payload, id: "n-1", action: "accept"))),
             .scene(name: "main", .connect(launch: .push(payload: apns.payload, payloadBytes: apns.bytes),
                                           launchId: "n-1", launchAction: "accept"))),
            (.scene("main", .connect(launch: .url("materunner://records/7", id: "o-9"))),
             .scene(name: "main", .connect(launch: .url("materunner://records/7"), launchId: "o-9", launchAction: nil))),
            (.scene("main", .connect(launch: nil)), .scene(name: "main", .connect(launch: nil))),
            (.scene("main", .connect(launch: .url("materunner://records/7"), confirms: true)),
             .scene(name: "main", .connect(launch: .url("materunner://records/7"), confirms: true))),
            (.scene("main", .appeared(screen: "home")), .scene(name: "main", .appeared(screen: "home"))),
            (.scene("main", .presented(modal: "m-1")), .scene(name: "main", .presented(modal: "m-1"))),
            (.scene("main", .dismissed(modal: "m-1")), .scene(name: "main", .dismissed(modal: "m-1"))),
            (.scene("main", .action(modal: "m-1", action: "accept")), .scene(name: "main", .action(modal: "m-1", action: "accept"))),
            (.scene("main", .busy(true)), .scene(name: "main", .busy(true))),
            (.scene("main", .busy(false)), .scene(name: "main", .busy(false))),
            (.scene("main", .pushed(screen: "s-1", parent: nil)), .scene(name: "main", .pushed(screen: "s-1", parent: nil))),
            (.scene("main", .pushed(screen: "s-2", parent: "s-1")), .scene(name: "main", .pushed(screen: "s-2", parent: "s-1"))),
            (.scene("main", .finish(screen: "s-1")), .scene(name: "main", .finish(screen: "s-1"))),
            (.scene("main", .background), .scene(name: "main", .background)),
            (.scene("main", .gate("signedIn", open: true)), .scene(name: "main", .gate("signedIn", open: true))),
            (.scene("main", .gate("signedIn", open: false)), .scene(name: "main", .gate("signedIn", open: false))),
            (.scene("main", .reset), .scene(name: "main", .reset)),
            (.scene("main", .handled(step: "e-1/show")), .scene(name: "main", .handled(step: "e-1/show"))),
            (.scene("ipad", .discarded), .scene(name: "ipad", .discarded)),
        ]
    }()

    private static var everyOp: [EntryRequest] { everyLine.map(\.0) }

    @Test func theClientSendsEveryOpTheDaemonReads() {
        let sent = Set(Self.everyOp.compactMap { request -> String? in
            guard case .object(let members) = request.json(req: 1), case .string(let op)? = members["op"] else { return nil }
            return op
        })
        #expect(sent == Set(OpName.allCases.map(\.rawValue)))
    }

    /// The daemon's decoder reads each line the client writes as the request the client meant, every
    /// field of it: a member the client misspells, drops or writes in another form fails here.
    @Test(arguments: everyLine)
    func theDaemonDecodesWhatTheClientWrites(request: EntryRequest, expected: EntryRouter.Operation) {
        let line = request.line(req: 7).dropLast()
        let text = String(decoding: line, as: UTF8.self)
        switch Request.decode(line: line) {
        case .success(let decoded):
            #expect(decoded.req == .number(7), "\(text)")
            #expect(decoded.op == expected, "\(text) was read as \(decoded.op)")
        case .failure(let refusal):
            Issue.record("the daemon refuses \(text): \(refusal.error)")
        }
    }
}
