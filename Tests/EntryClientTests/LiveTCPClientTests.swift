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

    @Test func anotherTokenIsRefused() async throws {
        let daemon = try await TestDaemon.start(mode: .daemon, serveArguments: ["--listen", "tcp:127.0.0.1:0"])
        defer { daemon.stop() }
        let (port, _) = try listener(of: daemon)
        do {
            _ = try await EntrySender(endpoint: .tcp(host: "127.0.0.1", port: port, token: "not-the-token"))
            Issue.record("a wrong token was admitted")
        } catch {
            guard case .daemon(let refusal) = error else {
                Issue.record("expected the daemon's refusal, got \(error)")
                return
            }
            #expect(refusal.code == "not_allowed")
        }
    }
}
