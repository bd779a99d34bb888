import Testing
@testable import EntryRouter
import EntryKit

/// The usual-push path agrees with the general decoder: on the lines it takes, the same request;
/// every other line it hands back, and the general path's result (an error included) is what
/// `decode(line:)` returns.
@Suite struct RequestDecodingPushTests {
    private static func usual(_ text: String) -> Request? {
        Array(text.utf8).withBufferView { Request.usualPush($0) }
    }

    private static func general(_ text: String) -> Result<Request, RequestError> {
        Array(text.utf8).withBufferView { Request.decodeAny($0) }
    }

    /// Lines the usual path takes: each decodes to what the general path makes of it.
    @Test(arguments: [
        #"{"op":"push","req":1,"id":"c1","collapseId":"conn-1","payload":{"type":"serviceNotice","noticeId":"n"}}"#,
        #"{"op":"push","payload":{}}"#,
        #"{"payload":{"a":{"b":[1,{"c":2}]}},"op":"push"}"#,
        #" { "op" : "push" , "req" : "r-1" , "payload" : { "type" : "x" } } "#,
        #"{"op":"push","req":-2.5e3,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":12345678901234567890,"payload":{"type":"x"}}"#,
        // `req` at the edges of the short whole number read in place.
        #"{"op":"push","req":123456789012345,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":9999999999999999,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":7.5,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":7e2,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":7E-2,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":0,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":-7,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":7 ,"payload":{"type":"x"}}"#,
        #"{"payload":{"type":"x"},"op":"push","req":42}"#,
        #"{"op":"push","expiration":0,"payload":{"type":"x"}}"#,
        #"{"op":"push","expiration":1700000000.0,"payload":{"type":"x"}}"#,
        #"{"op":"push","id":"x","payload":{"type":"caf\u00e9","k":"\n"}}"#,
        #"{"\u006fp":"push","payload":{"type":"x"}}"#,
        #"{"op":"push","req":"","payload":{"type":"x"}}"#,
        #"{"op":"push" , "payload":{"type":"x"}}"#,
        #"{"op" :"push","payload":{"type":"x"}}"#,
    ])
    func takesTheUsualPushAsTheGeneralPathDoes(text: String) throws {
        let fast = try #require(Self.usual(text))
        #expect(Result.success(fast) == Self.general(text))
        #expect(Request.decode(line: bytes(text)) == .success(fast))
    }

    /// Lines the usual path hands back: what `decode(line:)` returns is the general path's result.
    @Test(arguments: [
        // Other ops, and op spellings it does not compare.
        #"{"op":"open","url":"app://x"}"#,
        #"{"op":"status"}"#,
        #"{"op":"p\u0075sh","payload":{"type":"x"}}"#,
        #"{"op":"pushy","payload":{"type":"x"}}"#,
        #"{"op":1,"payload":{"type":"x"}}"#,
        // Missing, repeated and unknown members.
        #"{"payload":{"type":"x"}}"#,
        #"{"op":"push"}"#,
        #"{"op":"push""#,
        #"{"op":"push"x"#,
        #"{"op":"push","op":"push","payload":{"type":"x"}}"#,
        #"{"op":"push","req":1,"req":2,"payload":{"type":"x"}}"#,
        #"{"op":"push","payload":{"type":"x"},"payload":{"type":"y"}}"#,
        #"{"op":"push","extra":true,"payload":{"type":"x"}}"#,
        #"{"op":"push","url":"app://x","payload":{"type":"x"}}"#,
        // Values of another kind, empty or escaped strings.
        #"{"op":"push","id":"","payload":{"type":"x"}}"#,
        #"{"op":"push","id":"a\"b","payload":{"type":"x"}}"#,
        #"{"op":"push","id":"café","payload":{"type":"x"}}"#,
        #"{"op":"push","collapseId":7,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":null,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":{"n":1},"payload":{"type":"x"}}"#,
        #"{"op":"push","req":"\u0041","payload":{"type":"x"}}"#,
        #"{"op":"push","expiration":-1,"payload":{"type":"x"}}"#,
        #"{"op":"push","expiration":1.5,"payload":{"type":"x"}}"#,
        #"{"op":"push","expiration":"soon","payload":{"type":"x"}}"#,
        #"{"op":"push","payload":[1]}"#,
        #"{"op":"push","payload":"x"}"#,
        // Syntax errors at every stage, with `req` read before them.
        #"{"op":"push","req":3,"payload":{"type":"x"}"#,
        #"{"op":"push","req":3,"payload":{"type":"x","type":"y"}}"#,
        #"{"op":"push","req":3,"payload":{"type":"x"}} x"#,
        #"{"op":"push","req":3,"id":"c1""#,
        #"{"op":"push","req":01,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":12x,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":7.,"payload":{"type":"x"}}"#,
        #"{"op":"push","req":7e,"payload":{"type":"x"}}"#,
        #"{"op":"push","payload":{"type":"x"},"req":42"#,
        #"{"op":"push","req":1e999,"payload":{"type":"x"}}"#,
        #"{"op":"push",}"#,
        #"["op","push"]"#,
        #""#,
    ])
    func handsBackEveryOtherLine(text: String) {
        #expect(Self.usual(text) == nil)
        #expect(Request.decode(line: bytes(text)) == Self.general(text))
    }

    /// The same line whichever way its members come: the usual path reads them in any order.
    @Test func memberOrderDoesNotMatter() throws {
        let members = [#""op":"push""#, #""req":9"#, #""id":"p-9""#, #""collapseId":"c""#, #""expiration":5"#,
                       #""payload":{"type":"t"}"#]
        let expected = try #require(Self.usual("{" + members.joined(separator: ",") + "}"))
        for shift in 1..<members.count {
            let rotated = Array(members[shift...] + members[..<shift])
            #expect(Self.usual("{" + rotated.joined(separator: ",") + "}") == expected)
        }
        guard case .push(let push) = expected.op else {
            Issue.record("not a push: \(expected)")
            return
        }
        #expect(expected.req == .number(9))
        #expect(push.id == "p-9" && push.collapseId == "c" && push.expiration == 5 && push.payloadBytes == 12)
    }
}
