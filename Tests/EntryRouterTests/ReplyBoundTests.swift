import Testing
import EntryKit
@testable import EntryRouter

/// No reply is larger than a small bound of its request (docs/PROTOCOL.md, Order): a `req` comes back
/// as the bytes the client sent and is at most 64 of them, and every other thing a reply says is
/// either fixed text or something its line carried, said once. For every op, the largest requests
/// that fit a frame (64 KiB) are sent, filled where each can carry most, and their replies measured:
/// none may pass its line's size and `overhead`, the room the daemon gives a reply beyond its line
/// when it paces a connection (`Daemon.replyOverhead`). `status` is the exception, bounded by its
/// page instead (below).
@Suite struct ReplyBoundTests {
    static let maxFrame = 64 * 1024
    static let overhead = 512

    /// The largest `req` allowed, and the one that amplified most when it was written from its value:
    /// every number is 309 digits written out.
    static let largestReq = "[1e308,1e308,1e308,1e308,1e308,1e308,1e308,1e308,1e308,1e308,1]"

    /// Fillers for the field a line carries most in: plain text, and text whose every character is
    /// escaped on the way in (so that one written out escaped again could grow).
    enum Filler: CaseIterable {
        case plain, escaped

        func text(bytes count: Int) -> String {
            switch self {
            case .plain: return String(repeating: "x", count: count)
            case .escaped: return String(repeating: #"\""#, count: count / 2) + String(repeating: "x", count: count % 2)
            }
        }
    }

    static let longArg = String(repeating: "p", count: 3900)

    /// Per op, lines with `@@` where the filler goes (inside quotes) and `REQ` for the `req`.
    static func templates(_ op: OpName) -> [String] {
        let scene = #""op":"\#(op.rawValue)","req":REQ"#
        switch op {
        case .push:
            return [
                #"{"op":"push","req":REQ,"id":"@@","payload":{"type":"record","arg":"\#(longArg)"}}"#,
                #"{"op":"push","req":REQ,"id":"@@","collapseId":"c","payload":{"type":"invite","arg":"\#(longArg)"}}"#,
                #"{"op":"push","req":REQ,"id":"@@","fcm":{"data":{"type":"record","arg":"\#(longArg)"}}}"#,
                #"{"op":"push","req":REQ,"payload":{"type":"record","arg":"@@"}}"#,
                #"{"op":"push","req":REQ,"id":"@@","payload":{"type":"nope"}}"#,
                #"{"op":"push","req":REQ,"collapseId":"@@","payload":{"type":"record"}}"#,
                #"{"op":"push","req":REQ,"payload":{},"@@":1}"#,
                #"{"op":"push","req":REQ,"fcm":{"data":{"@@":1}}}"#,
            ]
        case .open:
            return [
                #"{"op":"open","req":REQ,"url":"app://record/\#(String(repeating: "u", count: 2000))","id":"@@"}"#,
                #"{"op":"open","req":REQ,"url":"app://nope/\#(String(repeating: "u", count: 2000))","id":"@@"}"#,
                #"{"op":"open","req":REQ,"url":"app://record/@@"}"#,
                #"{"op":"open","req":REQ,"url":"@@"}"#,
                #"{"op":"open","req":REQ,"url":"app://record/1","source":"@@"}"#,
                #"{"op":"open","req":REQ,"url":"app://record/1","platform":"@@"}"#,
            ]
        case .retract:
            return [#"{\#(scene),"id":"@@"}"#, #"{\#(scene),"kind":"@@"}"#, #"{\#(scene),"collapseId":"@@"}"#]
        case .status:
            return [#"{\#(scene),"after":"@@"}"#]
        case .watch:
            return [#"{\#(scene),"@@":[]}"#]
        case .advance:
            return [#"{\#(scene),"by":"@@"}"#]
        case .hello:
            return [#"{\#(scene),"token":"@@"}"#]
        case .sceneConnect:
            return [
                #"{\#(scene),"scene":"@@"}"#,
                #"{\#(scene),"scene":"s","launch":{"url":"app://record/@@"}}"#,
                #"{\#(scene),"scene":"s","launch":{"url":"app://nope/\#(String(repeating: "u", count: 2000))","id":"@@"}}"#,
                #"{\#(scene),"scene":"s","launch":{"push":{"type":"record","arg":"\#(longArg)"},"id":"@@"}}"#,
                #"{\#(scene),"scene":"s","launch":{"push":{"type":"record"},"action":"@@"}}"#,
            ]
        case .sceneBusy:
            return [#"{\#(scene),"scene":"@@","busy":true}"#]
        case .scenePushed:
            return [#"{\#(scene),"scene":"@@","screen":"s","parent":null}"#,
                    #"{\#(scene),"scene":"main","screen":"@@","parent":null}"#,
                    #"{\#(scene),"scene":"main","screen":"s","parent":"@@"}"#]
        case .sceneGate:
            return [#"{\#(scene),"scene":"@@","gate":"signedIn","open":true}"#,
                    #"{\#(scene),"scene":"main","gate":"@@","open":true}"#]
        default:
            // An op of string fields alone: each field in turn takes the filler, the others a word.
            // Derived from the op's fields, so that a new op is measured without a line here.
            let fields = RequestFields.Field.allCases.filter { op.fields.contains(RequestFields.FieldSet($0)) }
            return fields.map { filled in
                "{" + ([scene] + fields.map { #""\#($0.rawValue)":"\#($0 == filled ? "@@" : "x")""# }).joined(separator: ",") + "}"
            }
        }
    }

    /// Every op's lines, and for every op an unknown member and an unknown op of a frame's size.
    static func lines(_ filler: Filler) -> [(op: String, line: String)] {
        var templates: [(String, String)] = []
        for op in OpName.allCases {
            templates += Self.templates(op).map { (op.rawValue, $0) }
            templates.append((op.rawValue, #"{"op":"\#(op.rawValue)","req":REQ,"@@":1}"#))
        }
        templates.append(("unknown op", #"{"op":"@@","req":REQ}"#))
        // Each line twice: with the largest `req` allowed and the filler where the template says, and
        // with the filler's byte for the field and a `req` that fills the frame (refused now; echoed
        // from its value, 64 KiB of `1e308` was 3.2 MB).
        return templates.flatMap { op, template in
            let withReq = template.replacingOccurrences(of: "REQ", with: largestReq)
            let room = maxFrame - 1 - (withReq.utf8.count - 2)
            let short = template.replacingOccurrences(of: "@@", with: "a")
            return [(op, withReq.replacingOccurrences(of: "@@", with: filler.text(bytes: room))),
                    (op, short.replacingOccurrences(of: "REQ", with: frameFillingReq(maxFrame - 1 - (short.utf8.count - 3))))]
        }
    }

    /// A `req` of exactly `count` bytes: an array of `1e308`, padded with spaces.
    static func frameFillingReq(_ count: Int) -> String {
        var req = "[" + Array(repeating: "1e308", count: max(0, (count - 2) / 6)).joined(separator: ",")
        req += String(repeating: " ", count: count - 1 - req.utf8.count) + "]"
        return req
    }

    /// The replies a router with a ready scene `main` gives `line`, written as the daemon writes them.
    static func replies(to line: String, routing: any EntryRouting, config: Config) -> [[UInt8]] {
        var router = Router(config: config, routing: routing, limits: RouterLimits(), restoring: [], persisting: false)
        let now = Instant(seconds: 1_000_000)
        let scene = ConnectionID(1)
        let sender = ConnectionID(2)
        _ = router.handle(.request(scene, Request(.scene(name: "main", .connect(launch: nil)))), at: now)
        _ = router.handle(.request(scene, Request(.scene(name: "main", .appeared(screen: config.home)))), at: now)
        _ = router.handle(.turnEnded, at: now)
        switch Request.decode(line: Array(line.utf8)[...]) {
        case .success(let request): _ = router.handle(.request(sender, request), at: now)
        case .failure(let failure): _ = router.handle(.invalid(sender, req: failure.req, failure.error, close: false), at: now)
        }
        return router.handle(.turnEnded, at: now).compactMap { effect in
            guard case .send(sender, let message) = effect, case .reply = message else { return nil }
            var bytes: [UInt8] = []
            message.encode(into: &bytes)
            return bytes
        }
    }

    static let routings: [(name: String, routing: any EntryRouting, config: Config)] = [
        ("test routing", FakeRouting(), FakeRouting.config),
        ("materunner.json", RoutingFixtures.materunner, RoutingFixtures.materunner.config),
    ]

    @Test(arguments: Filler.allCases)
    func noReplyPassesItsLineAndTheOverhead(filler: Filler) {
        var measured = 0
        for (op, line) in Self.lines(filler) where op != OpName.status.rawValue {
            #expect(line.utf8.count == Self.maxFrame - 1, "\(op): the line is not a frame's size")
            for (name, routing, config) in Self.routings {
                let replies = Self.replies(to: line, routing: routing, config: config)
                #expect(replies.count == 1, "\(op) with \(name): \(replies.count) replies")
                for reply in replies {
                    measured += 1
                    #expect(reply.count <= line.utf8.count + Self.overhead,
                            "\(op) with \(name): a reply of \(reply.count) bytes to a line of \(line.utf8.count): \(String(decoding: reply.prefix(300), as: UTF8.self))")
                }
            }
        }
        #expect(measured > 100)
    }

    /// A `req` comes back as its bytes, whatever its spelling, on the push path and every other.
    @Test(arguments: [
        "1e308", "-12.5e1", "1E+2", "0.10", "9007199254740993", #""\u0041\/""#, #""é""#, "true", "null",
        #"{"b" : 1,"a":[ 2 ,{}]}"#, Self.largestReq,
    ])
    func reqIsEchoedAsItsBytes(req: String) throws {
        for line in [#"{"op":"push","req":\#(req),"payload":{"type":"record","arg":"7"}}"#,
                     #"{"req": \#(req) ,"op":"open","url":"app://record/7"}"#,
                     #"{"op":"watch","req":\#(req),"x":1}"#, #"{"op":"push","req":\#(req),"payload":7}"#] {
            let replies = Self.replies(to: line, routing: FakeRouting(), config: FakeRouting.config)
            let reply = try #require(replies.first, "no reply to \(line)")
            let text = String(decoding: reply, as: UTF8.self)
            #expect(text.hasPrefix(#"{"req":\#(req),"#), "\(text)")
            if case .success(let request) = Request.decode(line: Array(line.utf8)[...]), case .push = request.op {
                var out = OutputBuffer()
                EntryReply(id: "e-1", route: "r", params: [:], state: .pending).encodeReply(req: request.req, into: &out)
                #expect(out.withUnsafeBytes { Array($0) }.starts(with: Array(#"{"req":\#(req),"#.utf8)))
            }
        }
    }

    /// A `req` of 64 bytes is taken; one byte more is `bad_request` naming `req` and the limit, and its
    /// reply carries no `req` (the client library's are small integers, so never this).
    @Test(arguments: [64, 65, 300, 64 * 1024 - 100])
    func aReqPastSixtyFourBytesIsRefused(bytes count: Int) throws {
        let req = Self.frameFillingReq(count)
        #expect(req.utf8.count == count)
        for line in [#"{"op":"push","req":\#(req),"payload":{"type":"record","arg":"7"}}"#,
                     #"{"op":"status","req":\#(req)}"#, #"{"op":"watch","req":\#(req)}"#] {
            let replies = Self.replies(to: line, routing: FakeRouting(), config: FakeRouting.config)
            let text = String(decoding: try #require(replies.first), as: UTF8.self)
            if count <= RequestTag.maxBytes {
                #expect(text.hasPrefix(#"{"req":\#(req),"ok":true"#), "\(text)")
            } else {
                #expect(text.hasPrefix(#"{"ok":false,"error":{"code":"bad_request""#), "\(text)")
                #expect(text.contains("`req`") && text.contains("64"), "\(text)")
                #expect(text.utf8.count < 200)
            }
        }
    }

    /// `status` grows with what the daemon holds, up to its page: its reply is bounded by `limit`
    /// (docs/PROTOCOL.md, status), not by its line. With the entries' ids as long as a frame lets a
    /// push carry, the reply for a page of `limit` is at most `limit` entries of that size and a
    /// fixed part, whether 2 000 entries are pending or 200, and the largest page (1000) is the bound.
    @Test func statusIsBoundedByItsPage() throws {
        let idBytes = 2000
        var router = Router(config: FakeRouting.config, routing: FakeRouting(), limits: RouterLimits(),
                            restoring: [], persisting: false)
        let now = Instant(seconds: 1_000_000)
        var sizes: [Int: Int] = [:]
        var pending = 0
        for total in [200, 2000] {
            while pending < total {
                pending += 1
                let id = String(pending) + String(repeating: "i", count: idBytes - String(pending).utf8.count)
                _ = router.handle(.request(ConnectionID(2), Request(.open(OpenRequest(url: "app://record/\(pending)", id: id)))), at: now)
            }
            _ = router.handle(.turnEnded, at: now)
            for limit in [1, 100, 100_000] {
                let line = #"{"op":"status","req":1,"limit":\#(limit)}"#
                guard case .success(let request) = Request.decode(line: Array(line.utf8)[...]) else {
                    Issue.record("not decoded")
                    return
                }
                _ = router.handle(.request(ConnectionID(3), request), at: now)
                let effects = router.handle(.turnEnded, at: now)
                var reply: [UInt8] = []
                for case .send(ConnectionID(3), let message) in effects { message.encode(into: &reply) }
                let page = min(limit, StatusPage.maxLimit, total)
                #expect(reply.count <= 1024 + page * (idBytes + 200), "limit \(limit), \(total) pending: \(reply.count) bytes")
                if total == 2000 { sizes[limit] = reply.count }
            }
        }
        #expect(try #require(sizes[100_000]) <= 1024 + StatusPage.maxLimit * (idBytes + 200))
    }
}
