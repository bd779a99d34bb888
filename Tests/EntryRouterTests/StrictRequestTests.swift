import Testing
@testable import EntryRouter

/// Strict requests (docs/PROTOCOL.md): a member its op does not define is `bad_request` naming it, with the
/// nearest name the op has, so that a misspelt field never drops what it carried.
@Suite struct StrictRequestTests {
    /// Each op with a valid line, a misspelt member added, and the error it must give.
    @Test(arguments: [
        (#"{"op":"push","payload":{},"expiraton":0}"#, "op `push` has no field `expiraton`; did you mean `expiration`?"),
        (#"{"op":"push","payload":{},"colapseId":"c"}"#, "op `push` has no field `colapseId`; did you mean `collapseId`?"),
        (#"{"op":"push","payload":{},"url":"materunner://records"}"#,
         "op `push` has no field `url` (it takes `payload`, `id`, `collapseId`, `expiration`, `fcm`, `req`)"),
        (#"{"op":"push","payload":{},"push":{}}"#, "op `push` has no field `push` (it takes `payload`, `id`, `collapseId`, `expiration`, `fcm`, `req`)"),
        (#"{"op":"open","url":"materunner://records","collapseId":"c"}"#,
         "op `open` has no field `collapseId` (it takes `id`, `expiration`, `url`, `source`, `platform`, `req`)"),
        (#"{"op":"open","url":"materunner://records","sorce":"widget"}"#, "op `open` has no field `sorce`; did you mean `source`?"),
        (#"{"op":"retract","id":"e-1","knd":"x"}"#, "op `retract` has no field `knd`; did you mean `kind`?"),
        (#"{"op":"status","limt":5}"#, "op `status` has no field `limt`; did you mean `limit`?"),
        (#"{"op":"status","aftr":"e-1"}"#, "op `status` has no field `aftr`; did you mean `after`?"),
        (#"{"op":"watch","rq":1}"#, "op `watch` has no field `rq`; did you mean `req`?"),
        (#"{"op":"advance","by":"1s","byy":"2s"}"#, "op `advance` has no field `byy`; did you mean `by`?"),
        (#"{"op":"scene.connect","scene":"main","lanch":{"url":"materunner://records"}}"#,
         "op `scene.connect` has no field `lanch`; did you mean `launch`?"),
        (#"{"op":"scene.connect","scene":"main","launch":{"url":"materunner://records","acton":"accept"}}"#,
         "op `scene.connect` has no field `launch.acton`; did you mean `launch.action`?"),
        (#"{"op":"scene.connect","scene":"main","launch":{"push":{},"scene":"main"}}"#,
         "op `scene.connect` has no field `launch.scene` (it takes `launch.url`, `launch.push`, `launch.id`, `launch.action`)"),
        (#"{"op":"scene.appeared","scene":"main","scren":"home"}"#, "op `scene.appeared` has no field `scren`; did you mean `screen`?"),
        (#"{"op":"scene.presented","scene":"main","modal":"m-1","modl":"m-2"}"#,
         "op `scene.presented` has no field `modl`; did you mean `modal`?"),
        (#"{"op":"scene.dismissed","scenes":"main","modal":"m-1"}"#, "op `scene.dismissed` has no field `scenes`; did you mean `scene`?"),
        (#"{"op":"scene.action","scene":"main","modal":"m-1","action":"accept","actions":"x"}"#,
         "op `scene.action` has no field `actions`; did you mean `action`?"),
        (#"{"op":"scene.busy","scene":"main","busy":true,"bussy":false}"#, "op `scene.busy` has no field `bussy`; did you mean `busy`?"),
        (#"{"op":"scene.pushed","scene":"main","screen":"list","parnet":null}"#,
         "op `scene.pushed` has no field `parnet`; did you mean `parent`?"),
        (#"{"op":"scene.finish","scene":"main","screen":"s-1","modal":"m-1"}"#,
         "op `scene.finish` has no field `modal` (it takes `scene`, `screen`, `req`)"),
        (#"{"op":"scene.background","scene":"main","screen":"home"}"#,
         "op `scene.background` has no field `screen` (it takes `scene`, `req`)"),
        (#"{"op":"scene.gate","scene":"main","gate":"signedIn","opne":true}"#, "op `scene.gate` has no field `opne`; did you mean `open`?"),
        (#"{"op":"hello","tokn":"abc"}"#, "op `hello` has no field `tokn`; did you mean `token`?"),
        (#"{"op":"scene.handled","scene":"main","stpe":"e-1/show"}"#, "op `scene.handled` has no field `stpe`; did you mean `step`?"),
        (#"{"op":"scene.discarded","scene":"main","step":"e-1/show"}"#,
         "op `scene.discarded` has no field `step` (it takes `scene`, `req`)"),
        (#"{"op":"scene.connect","scene":"main","confirm":true}"#, "op `scene.connect` has no field `confirm`; did you mean `confirms`?"),
        (#"{"op":"scene.reset","scene":"main","a very long unknown key":1}"#,
         "op `scene.reset` has no field `a very long unknown key` (it takes `scene`, `req`)"),
    ])
    func aMemberTheOpDoesNotDefineIsRefusedByName(text: String, message: String) {
        #expect(Request.decode(line: bytes(text)) == .failure(RequestError(req: nil, error: WireError(.badRequest, message))))
    }

    /// Every op refuses a member it does not define, naming it and what the op takes: derived from
    /// the vocabulary, so that a new op is covered without a line of its own.
    @Test(arguments: OpName.allCases)
    func everyOpRefusesAStrayMember(op: OpName) {
        let takes = RequestFields.Field.allCases.filter { op.fields.contains(RequestFields.FieldSet($0)) }.map(\.rawValue) + ["req"]
        let message = "op `\(op.rawValue)` has no field `zzzzzzzzzz` (it takes \(takes.map { "`\($0)`" }.joined(separator: ", ")))"
        #expect(Request.decode(line: bytes(#"{"op":"\#(op.rawValue)","zzzzzzzzzz":1}"#))
                == .failure(RequestError(req: nil, error: WireError(.badRequest, message))))
    }

    /// A stray member is named before a missing one: it is likely the missing one misspelt.
    @Test func aStrayMemberIsNamedBeforeAMissingOne() {
        let decoded = Request.decode(line: bytes(#"{"req":4,"op":"open","uri":"materunner://records"}"#))
        #expect(decoded == .failure(RequestError(req: .number(4), error: WireError(
            .badRequest, "op `open` has no field `uri`; did you mean `url`?"))))
    }

    /// The bits the decoder marks are the fields' places, each its own.
    @Test func everyFieldHasItsOwnBit() {
        #expect(RequestFields.Field.allCases.map(\.bit) == Array(0..<UInt32(RequestFields.Field.allCases.count)))
    }
}
