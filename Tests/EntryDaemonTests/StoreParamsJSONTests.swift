import Testing
import EntryHost
import EntryRouter
@testable import EntryDaemon

@Suite struct StoreParamsJSONTests {
    private func decode(_ text: String) -> [String: String]? {
        var text = text
        return text.withUTF8 { ParamsJSON.decode($0)?.dictionary }
    }

    private func encode(_ params: [String: String]) -> String {
        var bytes: [UInt8] = []
        ParamsJSON.append(RouteParams(params), to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: [
        [:],
        ["sessionId": "abc"],
        ["": "", "quote": "\"", "backslash": "\\", "slash": "/", "controls": "\n\r\t\u{0}\u{1f}\u{7f}"],
        ["ünï": "김 🎉 ✓", "id": "42", "empty": ""],
    ] as [[String: String]])
    func encodedParamsDecodeToThemselves(params: [String: String]) {
        #expect(decode(encode(params)) == params)
    }

    /// The stored text is the one a dictionary of the same params was stored as, and reads back as
    /// the same params, so stores written before and after load alike.
    @Test(arguments: [
        [:],
        ["noticeId": "n"],
        ["sessionId": "run-1", "inviter": "Mina", "é": "\u{0}", "e\u{301}x": "🎉", "": "\\\""],
    ] as [[String: String]])
    func routeParamsAreStoredAsTheirDictionaryWasAndReadBack(params: [String: String]) {
        var text: [UInt8] = []
        JSONWriter.appendStringMap(params, to: &text)
        #expect(encode(params) == String(decoding: text, as: UTF8.self))
        var stored = encode(params)
        #expect(stored.withUTF8 { ParamsJSON.decode($0) } == RouteParams(params))
    }

    @Test func encodingIsCanonical() {
        #expect(encode(["b": "2", "a": "1\n"]) == #"{"a":"1\u000a","b":"2"}"#, "the wire codec's escaping")
    }

    @Test(arguments: [
        (#" { "a" : "1" , "b":"\u00e9\ud83c\udf89\/\b\f" } "#, ["a": "1", "b": "é🎉/\u{8}\u{c}"]),
        (#"{"k":"v","k":"w"}"#, ["k": "w"]),
    ] as [(String, [String: String])])
    func decodesEscapesAndWhitespace(text: String, params: [String: String]) {
        #expect(decode(text) == params)
    }

    @Test(arguments: ["", "[]", "{", "{\"a\":1}", "{\"a\":\"1\",}", "{\"a\":\"1\"} x", "{\"a\":\"\\q\"}",
                      "{\"a\":\"\\ud83c\"}", "{\"a\":\"\\u12\"}", "{\"a\" \"1\"}", "{\"a\":\"open}"])
    func rejectsWhatIsNotAnObjectOfStrings(text: String) {
        #expect(decode(text) == nil)
    }

    @Test func anEntryWithUnreadableParamsFailsTheLoadNamingIt() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        try SQLiteStore(path: path).commit([.entry(sampleEntry("e-1"))])
        try Database(path: path).execute(#"UPDATE entries SET params = '{"a":1}'"#)
        #expect {
            _ = try SQLiteStore(path: path).load()
        } throws: { error in
            let error = error as! StoreError
            return error.path == path && error.message.contains("entry e-1 has source 'push', state 'pending', params or steps")
        }
    }
}
