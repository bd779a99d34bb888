import Testing
@testable import EntryRouter
import EntryKit

/// Route params as one sorted byte array: they must hold, compare, hash and write exactly what a
/// dictionary of the same pairs did.
@Suite struct RouteParamsTests {
    /// The JSON text of `params`, and of the dictionary of the same pairs as the writer wrote it.
    private static func written(_ params: RouteParams) -> (params: String, dictionary: String) {
        var fromParams: [UInt8] = []
        JSONWriter.appendParams(params, to: &fromParams)
        var fromDictionary: [UInt8] = []
        JSONWriter.appendStringMap(params.dictionary, to: &fromDictionary)
        return (String(decoding: fromParams, as: UTF8.self), String(decoding: fromDictionary, as: UTF8.self))
    }

    @Test func emptyParamsAllocateNothingAndWriteAnEmptyObject() {
        let empty = RouteParams()
        #expect(empty.isEmpty && empty.count == 0 && empty.bytes.capacity == 0)
        #expect(RouteParams([:]).bytes.capacity == 0 && ([:] as RouteParams).bytes.capacity == 0)
        #expect(empty == [:] && empty == RouteParams([:]) && empty.dictionary.isEmpty)
        #expect(empty["a"] == nil && Array(empty).isEmpty && empty.description == "[:]")
        #expect(Self.written(empty) == ("{}", "{}"))
        #expect(empty != ["a": ""])
    }

    @Test func oneParam() {
        let params: RouteParams = ["noticeId": "n-1"]
        #expect(params.count == 1 && !params.isEmpty)
        #expect(params["noticeId"] == "n-1" && params["noticeid"] == nil && params["n"] == nil)
        #expect(params.map(\.key) == ["noticeId"] && params.map(\.value) == ["n-1"])
        #expect(params == RouteParams(["noticeId": "n-1"]) && params != ["noticeId": "n-2"] && params != ["noticeI": "n-1"])
        #expect(Self.written(params) == (#"{"noticeId":"n-1"}"#, #"{"noticeId":"n-1"}"#))
    }

    @Test func manyParamsAreSortedByKeyWhateverTheOrderGiven() {
        var generator = SystemRandomNumberGenerator()
        for size in [2, 3, 16, 17, 40] {
            let keys = (0..<size).map { "k\($0 * 7 % size)-\(String(repeating: "x", count: $0 % 5))" }
            var dictionary: [String: String] = [:]
            for (index, key) in keys.enumerated() { dictionary[key] = "v\(index)" }
            let pairs = dictionary.map { (key: $0.key, value: $0.value) }.shuffled(using: &generator)
            let params = RouteParams(pairs: pairs)
            #expect(params.map(\.key) == dictionary.keys.sorted(), "\(size)")
            #expect(params.count == size && params.dictionary == dictionary)
            #expect(params == RouteParams(dictionary) && params.hashValue == RouteParams(dictionary).hashValue)
            for (key, value) in dictionary { #expect(params[key] == value) }
            let written = Self.written(params)
            #expect(written.params == written.dictionary, "\(size)")
        }
    }

    @Test func anUnsortedLiteralIsSorted() {
        let params: RouteParams = ["b": "2", "c": "3", "a": "1"]
        #expect(params.map(\.key) == ["a", "b", "c"] && params.map(\.value) == ["1", "2", "3"])
        #expect(params == ["a": "1", "b": "2", "c": "3"])
        #expect(Self.written(params).params == #"{"a":"1","b":"2","c":"3"}"#)
    }

    /// A `Dictionary` literal with a key given twice traps; params keep the first pair, as a URL's
    /// repeated query key does.
    @Test func aKeyGivenTwiceKeepsItsFirstValue() {
        let params: RouteParams = ["k": "1", "a": "x", "k": "2"]
        #expect(params.count == 2 && params["k"] == "1" && params == ["a": "x", "k": "1"])
        let pairs = RouteParams(pairs: [(key: "z", value: "1"), (key: "z", value: "2"), (key: "z", value: "3")])
        #expect(pairs.count == 1 && pairs["z"] == "1")
    }

    @Test func nonASCIIKeysSortAsStringsAndAsTheirUTF8Bytes() {
        let keys = ["é", "z", "e", "Z", "가", "🎉", "", "ü", "\u{7f}", "a b"]
        var dictionary: [String: String] = [:]
        for key in keys { dictionary[key] = "[" + key + "]" }
        let params = RouteParams(dictionary)
        #expect(params.map(\.key) == keys.sorted())
        let bytes = params.map { Array($0.key.utf8) }
        #expect(zip(bytes, bytes.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let written = Self.written(params)
        #expect(written.params == written.dictionary)
        for key in keys { #expect(params[key] == "[" + key + "]") }
    }

    /// Strings that are canonically equivalent are equal strings, so they are one dictionary key and
    /// equal values: params say so too, and hash alike.
    @Test func canonicallyEquivalentTextIsEqualAsInADictionary() {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let a: RouteParams = [composed: composed]
        let b: RouteParams = [decomposed: decomposed]
        #expect(a.bytes != b.bytes)
        #expect(a == b && a.hashValue == b.hashValue)
        #expect(a[decomposed] == composed && b[composed] == decomposed)
        #expect(a != [composed: "e"] && RouteParams([composed: "x", "e": "y"]).count == 2)
        let twice = RouteParams(pairs: [(key: composed, value: "1"), (key: decomposed, value: "2")])
        #expect(twice.count == 1 && twice[composed] == "1")
    }

    @Test func paramsBuiltFromADictionaryEqualALiteralAndHashAlike() {
        let dictionary = ["sessionId": "abc", "inviter": "Kim \"K\"", "": ""]
        let literal: RouteParams = ["inviter": "Kim \"K\"", "": "", "sessionId": "abc"]
        #expect(RouteParams(dictionary) == literal && RouteParams(dictionary).hashValue == literal.hashValue)
        #expect(Set([RouteParams(dictionary), literal]).count == 1)
        #expect(Set([literal, ["sessionId": "abc"], ["inviter": "Kim \"K\"", "": "", "sessionId": "abd"]]).count == 3)
        #expect(literal.dictionary == dictionary)
        #expect(Self.written(literal).params == #"{"":"","inviter":"Kim \"K\"","sessionId":"abc"}"#)
    }

    /// Lengths are varints: 127 bytes take one length byte, 128 two, 20 000 three.
    @Test func longKeysAndValuesKeepTheirLengths() {
        let lengths = [0, 1, 127, 128, 300, 16_383, 16_384, 20_000]
        var dictionary: [String: String] = [:]
        for length in lengths { dictionary["k\(length)" + String(repeating: "é", count: length / 2)] = String(repeating: "v", count: length) }
        let params = RouteParams(dictionary)
        #expect(params.dictionary == dictionary && params.count == lengths.count)
        #expect(params.map(\.value.utf8.count).sorted() == lengths)
        let written = Self.written(params)
        #expect(written.params == written.dictionary)
    }

    @Test func settingAKeyLaysTheParamsOutAnew() {
        var params: RouteParams = ["b": "2"]
        params["a"] = "1"
        params["c"] = "3"
        params["b"] = "two"
        #expect(params.map(\.key) == ["a", "b", "c"] && params == ["a": "1", "b": "two", "c": "3"])
        params["b"] = nil
        params["missing"] = nil
        #expect(params == ["a": "1", "c": "3"])
        params["a"] = nil
        params["c"] = nil
        #expect(params.isEmpty && params.bytes.capacity == 0)
    }

    /// Pairs appended in key order are laid out as they come, in the room given or, past it, in an array.
    @Test(arguments: [0, 1, 5, 6, 20, 512])
    func aBuilderLaysPairsOutAsTheyComeAndOutgrowsItsRoom(room: Int) {
        let pairs = [("a", "1"), ("b", String(repeating: "x", count: 200)), ("c", ""), ("d", "ü")]
        let params = withStackBuffer(of: UInt8.self, capacity: room) { buffer in
            var builder = RouteParams.Builder(room: buffer)
            for (key, value) in pairs { builder.append(key: key, value: value) }
            return builder.params
        }
        #expect(params == ["d": "ü", "c": "", "b": String(repeating: "x", count: 200), "a": "1"], "\(room)")
        #expect(params.map(\.key) == ["a", "b", "c", "d"])
        #expect(RouteParams.build { _ in }.bytes.capacity == 0)
    }

    /// Keys laid out once (`layOut`) and appended as they are give the params a key appended as a
    /// string gives, in the room and past it; a length of 128 or more takes a two-byte varint.
    @Test(arguments: [0, 3, 12, 512])
    func keysLaidOutOnceAppendAsStringsDo(room: Int) {
        let pairs = [("", "e"), ("a", "1"), (String(repeating: "k", count: 130), "long"), ("ü", "")]
        var laidOut: [UInt8] = []
        var bounds = [0]
        for (key, _) in pairs {
            RouteParams.Builder.layOut(counted: key.utf8, into: &laidOut)
            bounds.append(laidOut.count)
        }
        #expect(laidOut[bounds[2]..<bounds[2] + 2] == [0x82, 0x01] && laidOut[0] == 0)
        let params = withStackBuffer(of: UInt8.self, capacity: room) { buffer in
            var builder = RouteParams.Builder(room: buffer)
            laidOut.withBufferView { keys in
                for (index, (_, value)) in pairs.enumerated() {
                    builder.append(laidOut: keys.extracting(bounds[index]..<bounds[index + 1]))
                    value.withUTF8View { builder.append(counted: $0) }
                }
            }
            return builder.params
        }
        let expected = RouteParams.build { builder in
            for (key, value) in pairs { builder.append(key: key, value: value) }
        }
        #expect(params.bytes == expected.bytes, "\(room)")
        #expect(params == ["a": "1", "": "e", "ü": "", String(repeating: "k", count: 130): "long"])
    }

    @Test func aRedirectTargetKeepsItsValuesAndTakesTheRest() {
        let target: RouteParams = ["id": "target", "only": "t"]
        #expect(target.filling(from: ["id": "hop", "extra": "e"]) == ["id": "target", "only": "t", "extra": "e"])
        #expect(target.filling(from: [:]) == target)
        #expect(RouteParams().filling(from: target) == target)
    }

    @Test func escapesAreWrittenAsTheWriterWritesStrings() {
        let params: RouteParams = ["q\"uote": "a\\b", "c": "\n\u{0}\u{1f}", "ü": "🎉"]
        let written = Self.written(params)
        #expect(written.params == written.dictionary)
        #expect(written.params == #"{"c":"\u000a\u0000\u001f","q\"uote":"a\\b","ü":"🎉"}"#)
        #expect(params.description == #"["c": "\n\0\u{1F}", "q\"uote": "a\\b", "ü": "🎉"]"#)
    }
}
