import Testing
@testable import EntryRouter

/// Each state's constant JSON text is its `rawValue` as the JSON writer writes it.
@Suite struct EntryStateJSONTests {
    @Test(arguments: EntryState.allCases)
    func quotedJSONIsTheWrittenRawValue(_ state: EntryState) {
        var written: [UInt8] = []
        JSONWriter.appendString(state.rawValue, to: &written)
        let constant = state.quotedJSON
        #expect(Array(UnsafeBufferPointer(start: constant.utf8Start, count: constant.utf8CodeUnitCount)) == written)
    }

    /// The run after a reply's params is the params' closing brace and the state member, nothing else.
    @Test(arguments: EntryState.allCases)
    func closingParamsWithStateIsTheBraceAndTheStateMember(_ state: EntryState) {
        let quoted = state.quotedJSON
        let run = state.closingParamsWithState
        #expect(Array(UnsafeBufferPointer(start: run.utf8Start, count: run.utf8CodeUnitCount))
            == Array("},\"state\":".utf8) + Array(UnsafeBufferPointer(start: quoted.utf8Start, count: quoted.utf8CodeUnitCount)))
    }

    /// A reply and an entry event carry the state exactly as before, whatever the state.
    @Test(arguments: EntryState.allCases)
    func messagesCarryTheState(_ state: EntryState) {
        var reply: [UInt8] = []
        Message.reply(Reply(req: nil, body: .success(.entry(EntryReply(id: "e-1", route: "r", params: [:], state: state)))))
            .encode(into: &reply)
        #expect(String(decoding: reply, as: UTF8.self)
            == #"{"ok":true,"id":"e-1","route":"r","params":{},"state":""# + state.rawValue + "\"}\n")
        var event: [UInt8] = []
        Message.event(.entry(id: "e-1", state: state, route: "r", scene: nil)).encode(into: &event)
        #expect(String(decoding: event, as: UTF8.self)
            == #"{"event":"entry","id":"e-1","state":""# + state.rawValue + #"","route":"r","scene":null}"# + "\n")
    }
}
