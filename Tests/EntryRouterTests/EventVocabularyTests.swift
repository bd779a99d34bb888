@testable import EntryRouter
import Testing

/// The encoder writes each event as the vocabulary declares it (`EventName`, `MessageMember`): under
/// its name, with no member its name does not list, in the listed order, and every listed member
/// written by some event of that name. A member or an event added on one side only fails here, by
/// name.
@Suite struct EventVocabularyTests {
    /// One of each kind of `Event`, every optional member set, so that every member is written.
    static let samples: [Event] = {
        let params = RouteParams(["id": "7"])
        return [
            .present(scene: "s", modal: "m-1", kind: "k", route: "r", entry: "e", params: params),
            .update(scene: "s", modal: "m-1", params: params),
            .dismiss(scene: "s", modal: "m-1"),
            .selectTab(scene: "s", tab: "t", step: "e/step-1"),
            .start(scene: "s", flow: "f", entry: "e", params: params, step: "e/step-1"),
            .show(scene: "s", screen: "s-1", route: "r", tab: "t", entry: "e", params: params, parent: "t",
                  backStack: true, step: "e/step-1"),
            .pop(scene: "s", screen: "s-1", reason: "no parent"),
            .detach(scene: "s", screen: "s-1", parent: "t"),
            .entry(id: "e", state: .pending, route: "r", scene: "s"),
            .scene(scene: "s", what: .ready),
            .gate(scene: "s", gate: "g", open: true),
            .orphanFinish(scene: "s", screen: "s-1", reason: "no parent"),
        ]
    }()

    /// The member names of `event`'s line, in the order written, `event` first.
    static func writtenKeys(_ event: Event) throws -> [String] {
        var line: [UInt8] = []
        Message.event(event).encode(into: &line)
        return try LineKeys.inOrder(line.dropLast())
    }

    @Test(arguments: samples) func eachEventIsWrittenAsItsNameDeclares(_ event: Event) throws {
        let keys = try Self.writtenKeys(event)
        var line: [UInt8] = []
        Message.event(event).encode(into: &line)
        let value = try JSONValue.parse(line.dropLast())
        #expect(value["event"]?.stringValue == event.name.rawValue)
        #expect(keys.first == "event")
        let declared = event.name.members.map(\.rawValue)
        let members = Array(keys.dropFirst())
        for key in members {
            #expect(declared.contains(key), "`\(event.name.rawValue)` events carry `\(key)`, which EventName.members does not list")
        }
        #expect(members == declared.filter(members.contains), "`\(event.name.rawValue)`'s members are written out of their declared order")
    }

    @Test func everyNameAndEveryMemberIsWritten() throws {
        var written: [EventName: Set<String>] = [:]
        for event in Self.samples {
            written[event.name, default: []].formUnion(try Self.writtenKeys(event).dropFirst())
        }
        for name in EventName.allCases {
            guard let keys = written[name] else {
                Issue.record("no sample writes a `\(name.rawValue)` event: add one to EventVocabularyTests.samples")
                continue
            }
            for member in name.members where !keys.contains(member.rawValue) {
                Issue.record("`\(name.rawValue)` lists `\(member.rawValue)`, which no sample of it writes")
            }
        }
    }

}
