import Testing
@testable import EntryRouter

@Suite struct WireRequestDecodingTests {
    private static let aps = PushPayload(.object(["aps": .object(["alert": .string("hi")])]))

    @Test(arguments: [
        (#"{"op":"push","payload":{"aps":{"alert":"hi"}}}"#,
         Request(op: .push(PushRequest(payload: aps, payloadBytes: 22)))),
        (#"{"req":7,"op":"push","payload": {"aps" : {"alert":"hi"}} ,"id":"p-1","collapseId":"c","expiration":0}"#,
         Request(req: .number(7), op: .push(PushRequest(payload: aps, payloadBytes: 24, id: "p-1", collapseId: "c", expiration: 0)))),
        (#"{"op":"open","url":"materunner://invite/abc"}"#,
         Request(op: .open(OpenRequest(url: "materunner://invite/abc")))),
        (#"{"op":"open","url":"materunner://records","source":"widget","id":"w-1","expiration":1700000000}"#,
         Request(op: .open(OpenRequest(url: "materunner://records", source: .widget, id: "w-1", expiration: 1_700_000_000)))),
        (#"{"op":"retract","id":"e-1"}"#, Request(op: .retract(.id("e-1")))),
        (#"{"op":"retract","kind":"invitation"}"#, Request(op: .retract(.kind("invitation")))),
        (#"{"op":"retract","collapseId":"c-1"}"#, Request(op: .retract(.collapseId("c-1")))),
        (#"{"op":"status"}"#, Request(op: .status(limit: 100))),
        (#"{"op":"status","limit":5}"#, Request(op: .status(limit: 5))),
        (#"{"op":"watch","req":"w"}"#, Request(req: .string("w"), op: .watch)),
        (#"{"op":"scene.connect","scene":"main"}"#, Request(op: .scene(name: "main", .connect(launch: nil)))),
        (#"{"op":"scene.connect","scene":"main","launch":{"url":"materunner://records/3"}}"#,
         Request(op: .scene(name: "main", .connect(launch: .url("materunner://records/3"))))),
        (#"{"op":"scene.connect","scene":"main","launch":{"push":{"aps":{"alert":"hi"}}}}"#,
         Request(op: .scene(name: "main", .connect(launch: .push(payload: aps, payloadBytes: 22))))),
        (#"{"op":"scene.appeared","scene":"main","screen":"home"}"#, Request(op: .scene(name: "main", .appeared(screen: "home")))),
        (#"{"op":"scene.presented","scene":"main","modal":"m-1"}"#, Request(op: .scene(name: "main", .presented(modal: "m-1")))),
        (#"{"op":"scene.dismissed","scene":"main","modal":"m-1"}"#, Request(op: .scene(name: "main", .dismissed(modal: "m-1")))),
        (#"{"op":"scene.action","scene":"main","modal":"m-1","action":"accept"}"#,
         Request(op: .scene(name: "main", .action(modal: "m-1", action: "accept")))),
        (#"{"op":"scene.busy","scene":"main","busy":true}"#, Request(op: .scene(name: "main", .busy(true)))),
        (#"{"op":"scene.pushed","scene":"main","screen":"s-1","parent":"list"}"#,
         Request(op: .scene(name: "main", .pushed(screen: "s-1", parent: "list")))),
        (#"{"op":"scene.finish","scene":"main","screen":"s-1"}"#, Request(op: .scene(name: "main", .finish(screen: "s-1")))),
        (#"{"op":"scene.background","scene":"main"}"#, Request(op: .scene(name: "main", .background))),
        (#"{"op":"scene.gate","scene":"main","gate":"signedIn","open":false}"#,
         Request(op: .scene(name: "main", .gate("signedIn", open: false)))),
        (#"{"op":"scene.reset","scene":"main"}"#, Request(op: .scene(name: "main", .reset))),
        (#" {"req":{"n":[1]},"op":"watch"} "#, Request(req: .object(["n": .array([.number(1)])]), op: .watch)),
        (#"{"op":"status","limit":5,"after":"p9"}"#, Request(op: .status(limit: 5, after: "p9"))),
        (#"{"op":"scene.connect","scene":"main","launch":{"url":"materunner://records/3","id":"n-1","action":"open"}}"#,
         Request(op: .scene(name: "main", .connect(launch: .url("materunner://records/3"), launchId: "n-1", launchAction: "open")))),
        (#"{"op":"push","payload":{"aps":{"alert":"hi"},"lanch":1,"expiraton":2}}"#,
         Request(op: .push(PushRequest(payload: PushPayload(.object(["aps": .object(["alert": .string("hi")]), "lanch": .number(1),
                                                                     "expiraton": .number(2)])), payloadBytes: 46)))),
        (#"{"req":null,"op":"st\u0061tus","limit":2.0}"#, Request(req: .null, op: .status(limit: 2))),
    ])
    func decodesEveryOp(text: String, expected: Request) {
        #expect(Request.decode(line: bytes(text)) == .success(expected))
    }

    @Test(arguments: [
        (#"{"req":1,"op":"push""#, ErrorCode.badJSON, "at byte 20: expected ',' or '}'", .number(1)),
        (#"{"req":9,"op":"watch"} x"#, .badJSON, "at byte 23: expected end of input", .number(9)),
        (#"{"req":1,"op":"watch","op":"status"}"#, .badJSON, #"at byte 22: duplicate key "op""#, .number(1)),
        (#"{"req":1,"op":"watch","x":1,"x":2}"#, .badJSON, #"duplicate key "x""#, .number(1)),
        (#"{"op":"watch","req":1"#, .badJSON, "expected ',' or '}'", .number(1)),
        ("", .badJSON, "at byte 0: expected a value", nil),
        (#"[{"op":"watch"}]"#, .badRequest, "a request must be a JSON object", nil),
        (#"{"req":2}"#, .badRequest, "missing field `op`", .number(2)),
        (#"{"req":3,"op":5}"#, .badRequest, "field `op` must be a string", .number(3)),
        (#"{"req":4,"op":"fly"}"#, .unknownOp, "unknown op `fly`", .number(4)),
        (#"{"req":4,"op":"scene.fly"}"#, .unknownOp, "unknown op `scene.fly`", .number(4)),
        (#"{"req":5,"op":"push"}"#, .badRequest, "missing field `payload` (op `push`)", .number(5)),
        (#"{"req":5,"op":"push","payload":"x"}"#, .badRequest, "field `payload` must be an object", .number(5)),
        (#"{"req":5,"op":"push","payload":{},"id":5}"#, .badRequest, "field `id` must be a non-empty string", .number(5)),
        (#"{"req":5,"op":"push","payload":{},"id":""}"#, .badRequest, "field `id` must be a non-empty string", .number(5)),
        (#"{"req":5,"op":"push","payload":{},"collapseId":1}"#, .badRequest, "field `collapseId` must be", .number(5)),
        (#"{"req":5,"op":"push","payload":{},"expiration":"soon"}"#, .badRequest, "field `expiration` must be", .number(5)),
        (#"{"req":5,"op":"push","payload":{},"expiration":1.5}"#, .badRequest, "field `expiration` must be", .number(5)),
        (#"{"req":5,"op":"push","payload":{},"expiration":-1}"#, .badRequest, "field `expiration` must be", .number(5)),
        (#"{"req":6,"op":"open"}"#, .badRequest, "missing field `url` (op `open`)", .number(6)),
        (#"{"req":6,"op":"open","url":3}"#, .badRequest, "field `url` must be", .number(6)),
        (#"{"req":6,"op":"open","url":"a://b","source":"launch"}"#, .badRequest,
         "field `source` must be one of push, deeplink, universalLink, widget, shortcut, deferred", .number(6)),
        (#"{"req":6,"op":"open","url":"a://b","source":"mail"}"#, .badRequest, "field `source` must be one of", .number(6)),
        (#"{"req":6,"op":"open","url":"a://b","expiration":true}"#, .badRequest, "field `expiration` must be", .number(6)),
        (#"{"req":6,"op":"open","url":"a://b","id":[]}"#, .badRequest, "field `id` must be", .number(6)),
        (#"{"req":7,"op":"retract"}"#, .badRequest, "exactly one of the fields `id`, `kind`, `collapseId`", .number(7)),
        (#"{"req":7,"op":"retract","id":"a","kind":"b"}"#, .badRequest, "exactly one of the fields", .number(7)),
        (#"{"req":7,"op":"retract","kind":1}"#, .badRequest, "field `kind` must be", .number(7)),
        (#"{"req":8,"op":"status","limit":0}"#, .badRequest, "field `limit` must be a positive integer", .number(8)),
        (#"{"req":8,"op":"status","limit":-3}"#, .badRequest, "field `limit` must be a positive integer", .number(8)),
        (#"{"req":8,"op":"status","limit":2.5}"#, .badRequest, "field `limit` must be a positive integer", .number(8)),
        (#"{"req":8,"op":"status","limit":"10"}"#, .badRequest, "field `limit` must be a positive integer", .number(8)),
        (#"{"req":"s","op":"scene.connect"}"#, .badRequest, "missing field `scene` (op `scene.connect`)", .string("s")),
        (#"{"req":"s","op":"scene.reset","scene":1}"#, .badRequest, "field `scene` must be a non-empty string", .string("s")),
        (#"{"req":"s","op":"scene.background","scene":""}"#, .badRequest, "field `scene` must be a non-empty string", .string("s")),
        (#"{"req":"s","op":"scene.connect","scene":"m","launch":"x"}"#, .badRequest, "field `launch` must be", .string("s")),
        (#"{"req":"s","op":"scene.connect","scene":"m","launch":{}}"#, .badRequest, "field `launch` must be", .string("s")),
        (#"{"req":"s","op":"scene.connect","scene":"m","launch":{"url":"a://b","push":{}}}"#, .badRequest,
         "field `launch` must be", .string("s")),
        (#"{"req":"s","op":"scene.connect","scene":"m","launch":{"url":1}}"#, .badRequest, "field `launch.url` must be", .string("s")),
        (#"{"req":"s","op":"scene.connect","scene":"m","launch":{"push":[]}}"#, .badRequest, "field `launch.push` must be", .string("s")),
        (#"{"req":"s","op":"scene.appeared","scene":"m"}"#, .badRequest, "missing field `screen`", .string("s")),
        (#"{"req":"s","op":"scene.presented","scene":"m"}"#, .badRequest, "missing field `modal`", .string("s")),
        (#"{"req":"s","op":"scene.dismissed","scene":"m","modal":1}"#, .badRequest, "field `modal` must be", .string("s")),
        (#"{"req":"s","op":"scene.action","scene":"m","modal":"m-1"}"#, .badRequest, "missing field `action`", .string("s")),
        (#"{"req":"s","op":"scene.busy","scene":"m"}"#, .badRequest, "missing field `busy`", .string("s")),
        (#"{"req":"s","op":"scene.busy","scene":"m","busy":"yes"}"#, .badRequest, "field `busy` must be true or false", .string("s")),
        (#"{"req":"s","op":"scene.pushed","scene":"m","screen":"s-1"}"#, .badRequest, "missing field `parent`", .string("s")),
        (#"{"req":"s","op":"scene.finish","scene":"m"}"#, .badRequest, "missing field `screen`", .string("s")),
        (#"{"req":"s","op":"scene.gate","scene":"m","open":true}"#, .badRequest, "missing field `gate`", .string("s")),
        (#"{"req":"s","op":"scene.gate","scene":"m","gate":"signedIn"}"#, .badRequest, "missing field `open`", .string("s")),
        (#"{"req":"s","op":"scene.gate","scene":"m","gate":"signedIn","open":1}"#, .badRequest, "field `open` must be true or false", .string("s")),
    ] as [(String, ErrorCode, String, RequestTag?)])
    func rejectsBadRequestsNamingTheField(text: String, code: ErrorCode, message: String, req: RequestTag?) {
        guard case .failure(let failure) = Request.decode(line: bytes(text)) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(failure.error.code == code)
        #expect(failure.error.message.contains(message), "\(failure.error.message)")
        #expect(failure.req == req)
    }

    /// Keys are matched as bytes when plain, and as decoded text otherwise: the same key written
    /// with escapes is the same field, a look-alike is not, and duplicates are found either way.
    @Test(arguments: [
        (#"{"\u0072eq":1,"o\u0070":"watch"}"#, Result<Request, RequestError>.success(Request(req: .number(1), op: .watch))),
        (#"{"req":1,"op":"watch","\u006fp":"status"}"#, .failure(RequestError(req: .number(1), error: WireError(
            .badJSON, #"invalid JSON at byte 22: duplicate key "op""#)))),
        (#"{"req":1,"op":"watch","re":2,"reqs":3,"Req":4,"opp":5,"push":6,"caf\u00e9":7,"café":8}"#, .failure(RequestError(
            req: .number(1), error: WireError(.badJSON, #"invalid JSON at byte 77: duplicate key "café""#)))),
        (#"{"req":1,"op":"watch","push":1,"p\u0075sh":2}"#, .failure(RequestError(req: .number(1), error: WireError(
            .badJSON, #"invalid JSON at byte 31: duplicate key "push""#)))),
        (#"{"req":1,"op":"watch","ca\u0301fé":1,"cafe\u0301\u0301":2}"#, .failure(RequestError(req: .number(1), error: WireError(
            .badRequest, "op `watch` has no field `cáfé` (it takes `req`)")))),
        ("{\"req\":1,\"o\u{1}p\":\"watch\"}", .failure(RequestError(req: .number(1), error: WireError(
            .badJSON, "invalid JSON at byte 11: control character in a string (escape it as \\u00XX)")))),
        (#"{"req":1,"op":"watch","unterminated"#, .failure(RequestError(req: .number(1), error: WireError(
            .badJSON, #"invalid JSON at byte 35: expected '"' to close the string"#)))),
        (#"{"req":1,"op":"scene.connect","scene":"m","launch":{"\u0075rl":"a://b"}}"#,
         .success(Request(req: .number(1), op: .scene(name: "m", .connect(launch: .url("a://b")))))),
        (#"{"req":1,"op":"scene.connect","scene":"m","launch":{"req":1,"url":"a://b"}}"#, .failure(RequestError(req: .number(1), error:
            WireError(.badRequest, "op `scene.connect` has no field `launch.req` (it takes `launch.url`, `launch.push`, `launch.id`, `launch.action`)")))),
        (#"{"req":1,"op":"scene.connect","scene":"m","launch":{"url":"a://b","op":1,"op":2}}"#, .failure(RequestError(
            req: .number(1), error: WireError(.badJSON, #"invalid JSON at byte 73: duplicate key "op""#)))),
    ])
    func keysMatchAsTheirText(text: String, expected: Result<Request, RequestError>) {
        #expect(Request.decode(line: bytes(text)) == expected)
    }

    /// Member values are kept as spans of the line and built only when taken: every kind of `req`
    /// comes back as it was written, escaped and non-ASCII strings are decoded, ops are matched by
    /// their text whatever its spelling, and members nobody reads are still checked strictly.
    @Test(arguments: [
        (#"{"req":-12.5e1,"op":"watch"}"#, Result<Request, RequestError>.success(Request(req: RequestTag(text: "-12.5e1"), op: .watch))),
        (#"{"req":"a\"bé","op":"watch"}"#, .success(Request(req: .string("a\"bé"), op: .watch))),
        (#"{"req":[true,false,null,{"k":"v"}],"op":"watch"}"#, .success(Request(
            req: .array([.bool(true), .bool(false), .null, .object(["k": .string("v")])]), op: .watch))),
        (#"{"req":true,"op":"p\u0075sh","payload":{},"id":"\u0069d-é","collapseId":"c\n"}"#, .success(Request(
            req: .bool(true), op: .push(PushRequest(payload: PushPayload(.object([:])), payloadBytes: 2, id: "id-é", collapseId: "c\n"))))),
        (#"{"req":false,"op":"scene.busy","scene":"m\u00e9","busy":false}"#, .success(Request(
            req: .bool(false), op: .scene(name: "mé", .busy(false))))),
        (#"{"req":null,"op":"pus\u0068x"}"#, .failure(RequestError(req: .null, error: WireError(.unknownOp, "unknown op `pushx`")))),
        (#"{"req":1,"op":"pusH"}"#, .failure(RequestError(req: .number(1), error: WireError(.unknownOp, "unknown op `pusH`")))),
        (#"{"req":1,"op":"wätch"}"#, .failure(RequestError(req: .number(1), error: WireError(.unknownOp, "unknown op `wätch`")))),
        (#"{"req":{"a":[1,{"b":2}]},"op":"watch","x":{"y":1,"y":2}}"#, .failure(RequestError(
            req: .object(["a": .array([.number(1), .object(["b": .number(2)])])]),
            error: WireError(.badJSON, #"invalid JSON at byte 49: duplicate key "y""#)))),
        (#"{"req":2,"op":"watch","x":[1,2,]}"#, .failure(RequestError(req: .number(2), error: WireError(
            .badJSON, "invalid JSON at byte 31: expected a value")))),
        (#"{"req":3,"op":"watch","limit":1e999}"#, .failure(RequestError(req: .number(3), error: WireError(
            .badJSON, "invalid JSON at byte 30: number out of range")))),
        (#"{"req":"s","op":"status","limit":3,"busy":"x","open":[]}"#, .failure(RequestError(req: .string("s"), error: WireError(
            .badRequest, "op `status` has no field `busy` (it takes `limit`, `after`, `req`)")))),
    ])
    func valuesAreBuiltFromTheirText(text: String, expected: Result<Request, RequestError>) {
        #expect(Request.decode(line: bytes(text)) == expected)
    }

    @Test func invalidUTF8IsBadJSON() {
        let line: [UInt8] = Array(#"{"req":1,"op":"open","url":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
        guard case .failure(let failure) = Request.decode(line: line[...]) else {
            Issue.record("accepted invalid UTF-8")
            return
        }
        #expect(failure.error == WireError(.badJSON, "invalid JSON at byte 28: invalid UTF-8"))
        #expect(failure.req == .number(1))
    }

    @Test func payloadBytesAreTheRawSpanOfTheMember() {
        let payload = #"{ "aps" : { "alert" : "caf\u00e9 é" } , "type":"invitation" }"#
        let text = #"{"op":"push","payload":"# + payload + "  }"
        guard case .success(let request) = Request.decode(line: bytes(text)), case .push(let push) = request.op else {
            Issue.record("rejected \(text)")
            return
        }
        #expect(push.payloadBytes == payload.utf8.count)
    }
}
