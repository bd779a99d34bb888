@testable import EntryRouter
import Testing

/// The encoder writes each reply as the vocabulary declares it (`ReplyBody.members`, the members of
/// `status`'s scenes and pending entries, an error's): no member the declaration does not list, in
/// the listed order, and every name the daemon writes is a `MessageMember` that some event or reply
/// lists. A member written or declared on one side only fails here, by name.
@Suite struct ReplyVocabularyTests {
    static let params = RouteParams(["id": "7"])
    static let scene = SceneStatus(scene: "main", ready: true, busy: false, gates: ["signedIn": true], tab: "home",
                                   active: .init(modal: "m-1", kind: "invitation", entry: "e"), queue: ["m-2"],
                                   stacks: ["home": ["s-1"]])
    static let pending = PendingStatus(id: "e", route: "r", source: .push, received: Instant(milliseconds: 1_250),
                                       expires: Instant(seconds: 9), scene: "main")

    /// One of each kind of reply, every optional member set, so that every member is written.
    static let samples: [ReplyBody] = [
        .ok,
        .entry(EntryReply(id: "e", route: "r", params: params, state: .queued)),
        .retracted(2),
        .status(StatusReport(config: "app.json", bundle: "com.example", scenes: [scene], pending: [pending], next: "e",
                             counts: [.pending: 1])),
        .connected(SceneSetup(home: "home", tabs: ["home"], gates: ["signedIn"],
                              launchRefusal: WireError(.noRoute, "no route"))),
        .appeared(SceneReadiness(ready: false, home: "home", closedGates: ["signedIn"])),
    ]

    static func line(_ body: Result<ReplyBody, WireError>) -> [UInt8] {
        var line: [UInt8] = []
        Message.reply(Reply(req: RequestTag(text: "1"), body: body)).encode(into: &line)
        return Array(line.dropLast())
    }

    /// Fails, naming the reply, unless `keys` are among `declared`, in its order.
    static func expectDeclared(_ keys: [String], _ declared: [MessageMember], _ what: String) {
        let names = declared.map(\.rawValue)
        for key in keys where !names.contains(key) {
            Issue.record("\(what) carries `\(key)`, which its declaration does not list")
        }
        #expect(keys == names.filter(keys.contains), "\(what)'s members are written out of their declared order")
    }

    @Test(arguments: samples) func eachReplyIsWrittenAsItsKindDeclares(_ body: ReplyBody) throws {
        let keys = try LineKeys.inOrder(Self.line(.success(body))[...])
        #expect(keys.first == MessageMember.req.rawValue)
        Self.expectDeclared(Array(keys.dropFirst()), body.members, "the reply of \(body.members.map(\.rawValue))")
        for member in body.members where !keys.contains(member.rawValue) {
            Issue.record("the reply of \(body.members.map(\.rawValue)) lists `\(member.rawValue)`, which its sample does not write")
        }
    }

    @Test func statusListsItsScenesAndEntriesAsDeclared() throws {
        let value = try JSONValue.parse(Self.line(.success(Self.samples[3]))[...])
        guard case .array(let scenes)? = value["scenes"], case .object(let scene)? = scenes.first,
              case .array(let pending)? = value["pending"], case .object(let entry)? = pending.first,
              case .object(let active)? = scene["active"] else {
            Issue.record("status wrote no scene or pending entry: \(value)")
            return
        }
        #expect(Set(scene.keys) == Set(StatusReport.sceneMembers.map(\.rawValue)))
        #expect(Set(active.keys) == Set(StatusReport.activeMembers.map(\.rawValue)))
        #expect(Set(entry.keys) == Set(StatusReport.pendingMembers.map(\.rawValue)))
    }

    @Test func aFailureIsOkAndItsError() throws {
        let line = Self.line(.failure(WireError(.badRequest, "no")))
        #expect(try LineKeys.inOrder(line[...]) == ["req", "ok", "error"])
        guard case .object(let error)? = try JSONValue.parse(line[...])["error"] else {
            Issue.record("no error object")
            return
        }
        #expect(Set(error.keys) == Set(WireError.members.map(\.rawValue)))
    }

    @Test func everyMemberBelongsToAnEventOrAReply() {
        let listed = Set(EventName.allCases.flatMap(\.members) + Self.samples.flatMap(\.members) + StatusReport.sceneMembers
            + StatusReport.activeMembers + StatusReport.pendingMembers + WireError.members + [.req, .event, .error])
        for member in MessageMember.allCases {
            #expect(listed.contains(member), "MessageMember `\(member.rawValue)` belongs to no event or reply")
        }
    }
}
