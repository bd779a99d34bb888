@testable import EntryClient
@testable import EntryRouter
import Testing

/// The client speaks every op the daemon reads, and the daemon's own decoder accepts every line
/// the client writes: an op added to the engine without its client request, or a client request
/// the daemon would refuse (a misspelt member, now refused by strict requests), fails here rather
/// than in an app's test run.
@Suite struct RequestCoverageTests {
    private static let payload = APNsPayload(["type": .string("serviceNotice"), "noticeId": .string("n-1")])

    /// One request per op, each with every member it can carry.
    private static let everyOp: [EntryRequest] = [
        .hello(token: "t"),
        .push(payload, id: "n-1", collapseId: "c", expiration: 1_700_000_000),
        .fcm(.object(["data": .object(["type": .string("serviceNotice")])]), id: "n-2"),
        .open(url: "materunner://records/7", source: .widget, id: "o-1", expiration: 1_700_000_000, platform: .android),
        .retract(.kind("serviceNotice")),
        .status(limit: 10, after: "p3"),
        .watch,
        .advance(by: ClockSpan(.seconds(90))),
        .scene("main", .connect(launch: .notification(payload, id: "n-1", action: "accept"))),
        .scene("main", .appeared(screen: "home")),
        .scene("main", .presented(modal: "m-1")),
        .scene("main", .dismissed(modal: "m-1")),
        .scene("main", .action(modal: "m-1", action: "accept")),
        .scene("main", .busy(true)),
        .scene("main", .pushed(screen: "s-1", parent: nil)),
        .scene("main", .finish(screen: "s-1")),
        .scene("main", .background),
        .scene("main", .gate("signedIn", open: true)),
        .scene("main", .reset),
    ]

    @Test func theClientSendsEveryOpTheDaemonReads() {
        let sent = Set(Self.everyOp.compactMap { request -> String? in
            guard case .object(let members) = request.json(req: 1), case .string(let op)? = members["op"] else { return nil }
            return op
        })
        #expect(sent == Set(OpName.allCases.map(\.rawValue)))
    }

    @Test(arguments: everyOp)
    func theDaemonDecodesWhatTheClientWrites(request: EntryRequest) {
        let line = request.line(req: 1).dropLast()
        switch Request.decode(line: line) {
        case .success(let decoded):
            #expect(decoded.req == .number(1))
        case .failure(let refusal):
            Issue.record("the daemon refuses \(String(decoding: line, as: UTF8.self)): \(refusal.error)")
        }
    }
}
