import EntryClient
import EntryTesting
import Foundation
import Testing

/// The client over a daemon's TCP listener (`serve --listen`): its token admits it, another is refused.
@Suite struct LiveTCPClientTests {
    /// The port the daemon chose for `tcp:127.0.0.1:0`, from its `listening` log line, and its token.
    private func listener(of daemon: TestDaemon) throws -> (port: UInt16, token: String) {
        let log = daemon.log()
        let start = try #require(log.range(of: "listen=tcp:127.0.0.1:"))
        let port = try #require(UInt16(log[start.upperBound...].prefix { $0.isNumber }))
        let directory = try #require(daemon.directory)
        let token = try String(contentsOfFile: directory + "/entryd.token", encoding: .utf8).filter { !$0.isWhitespace }
        return (port, token)
    }

    @Test func theTokenAdmitsASenderOverTCP() async throws {
        let daemon = try await TestDaemon.start(mode: .daemon, serveArguments: ["--listen", "tcp:127.0.0.1:0"])
        defer { daemon.stop() }
        let (port, token) = try listener(of: daemon)
        let sender = try await EntrySender(endpoint: .tcp(host: "127.0.0.1", port: port, token: token))
        let receipt = try await sender.open("materunner://notice/maintenance", id: "notice-1")
        #expect(receipt.route == "serviceNotice")
        #expect(try await sender.status().pending.count == 1)
        sender.close()
    }

    /// What a client shows instead of the daemon's token: nothing at all, an empty one, a prefix of
    /// it (its first byte, all but its last), the token with a byte more, another of the same length,
    /// and another altogether.
    enum Shown: String, CaseIterable, CustomTestStringConvertible {
        case none, empty, firstByte, allButLast, oneByteMore, sameLengthOther, other

        func token(for token: String) -> String? {
            switch self {
            case .none: nil
            case .empty: ""
            case .firstByte: String(token.prefix(1))
            case .allButLast: String(token.dropLast())
            case .oneByteMore: token + "0"
            case .sameLengthOther: String(token.dropLast()) + (token.last == "0" ? "1" : "0")
            case .other: "not-the-token"
            }
        }

        var testDescription: String { rawValue }
    }

    @Test(arguments: Shown.allCases) func anythingButTheTokenIsRefused(shown: Shown) async throws {
        let daemon = try await TestDaemon.start(mode: .daemon, serveArguments: ["--listen", "tcp:127.0.0.1:0"])
        defer { daemon.stop() }
        let (port, token) = try listener(of: daemon)
        try #require(token.count > 1, "the token file holds \(token.count) characters")
        let shownToken = shown.token(for: token)
        #expect(shownToken != token)
        do {
            let sender = try await EntrySender(endpoint: .tcp(host: "127.0.0.1", port: port, token: shownToken))
            sender.close()
            Issue.record("\(shown) was admitted: \(shownToken.map { "\"\($0)\"" } ?? "no token") for a token of \(token.count) characters")
        } catch {
            guard case .daemon(let refusal) = error else {
                Issue.record("expected the daemon's refusal, got \(error)")
                return
            }
            #expect(refusal.code == "not_allowed")
        }
        // The right token is still admitted after the refusal.
        let admitted = try await EntrySender(endpoint: .tcp(host: "127.0.0.1", port: port, token: token))
        #expect(try await admitted.status().pending.isEmpty)
        admitted.close()
    }
}
