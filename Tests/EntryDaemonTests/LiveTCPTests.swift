import EntryCLI
import EntryDaemon
import EntryRouter
import EntrySystem
import Glibc
import Testing

/// `serve --listen` on the real binary (docs/PROTOCOL.md): the token admits a TCP peer, anything else is
/// refused and closed, and the Unix socket's limits hold on TCP.
@Suite struct LiveTCPTests {
    /// A daemon with a TCP listener on a port the system chose, read from its `listening` log line.
    final class TCPDaemon {
        let daemon: LiveDaemon
        let address: String

        init(_ arguments: [String] = []) throws {
            daemon = LiveDaemon(["--listen", "tcp:127.0.0.1:0"] + arguments)
            #expect(daemon.process.waitForStderr(containing: "msg=listening"))
            let text = daemon.process.stderrText
            guard let start = text.range(of: "listen=tcp:127.0.0.1:") else { throw Missing.listeningLine(text) }
            address = "tcp:127.0.0.1:" + text[start.upperBound...].prefix { $0.isNumber }
        }

        var tokenFile: String { daemon.directory.file("entryd.token") }

        var token: String { String(decoding: fileBytes(tokenFile) ?? [], as: UTF8.self).filter { !$0.isWhitespace } }

        /// A TCP connection that has sent nothing yet.
        func raw() throws -> RawTCP { try RawTCP(address) }
    }

    enum Missing: Error { case listeningLine(String) }

    /// A TCP socket without the client's hello, to send the daemon anything.
    final class RawTCP {
        private let socket: StreamSocket
        private var buffer: [UInt8] = []
        var fd: Int32 { socket.descriptor }

        init(_ address: String) throws { socket = try TCPConnection.open(address) }

        func send(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// The next line, or nil at the end of the stream (or after five seconds of silence).
        func readLine() -> [UInt8]? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    defer { buffer.removeFirst(newline + 1) }
                    return Array(buffer[..<newline])
                }
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 5000) > 0 else { return nil }
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0 else { return nil }
                buffer += chunk[..<n]
            }
        }
    }

    @Test func aGoodTokenIsServedLikeTheUnixSocket() throws {
        let tcp = try TCPDaemon()
        let client = try Client(path: tcp.address, tokenFile: tcp.tokenFile)
        let pushed = try tcp.daemon.ask(#"{"op":"push","req":1,"id":"p-1","payload":{"link":"materunner://records/1"}}"#, on: client)
        #expect(pushed == ["ok": "true", "req": "1"])
        let line = try #require(try { try client.send(#"{"op":"status","req":2}"#); return try client.readLine(timeoutMilliseconds: 5000) }())
        let status = try JSONValue.parse(line[...])
        #expect(status["counts"]?["pending"] == .number(1))
    }

    @Test(arguments: [#"{"op":"hello","token":"not-the-token"}"#, #"{"op":"hello"}"#, #"{"op":"status","req":1}"#, "hello"])
    func anythingButTheTokenIsRefusedAndClosed(first: String) throws {
        let tcp = try TCPDaemon()
        let peer = try tcp.raw()
        // The line after the first comes in the same write: it must never reach the router.
        peer.send(first + "\n" + #"{"op":"push","req":2,"payload":{"link":"materunner://records/1"}}"# + "\n")
        #expect(Summary.of(try #require(peer.readLine()))["code"] == "not_allowed")
        #expect(peer.readLine() == nil)
        let status = try tcp.daemon.ask(#"{"op":"status","req":3}"#, on: tcp.daemon.client())
        #expect(status["ok"] == "true")
        let line = try #require(try { let c = try tcp.daemon.client(); try c.send(#"{"op":"status"}"#); return try c.readLine(timeoutMilliseconds: 5000) }())
        #expect(try JSONValue.parse(line[...])["counts"]?["pending"] == .number(0))
    }

    @Test func theCLIShowsTheTokenAndAWrongOneIsRefused() throws {
        let tcp = try TCPDaemon()
        let good = Spawned.run(Spawned.entryd, ["status", "--socket", tcp.address, "--token-file", tcp.tokenFile])
        #expect(good.waitForExit() == 0)
        let wrong = Spawned.run(Spawned.entryd, ["status", "--socket", tcp.address],
                                environment: Spawned.environment(["ENTRYD_TOKEN": "0123"]))
        #expect(wrong.waitForExit() == 77)
        #expect(wrong.stderrText.contains("refused the token"))
        let none = Spawned.run(Spawned.entryd, ["status", "--socket", tcp.address])
        #expect(none.waitForExit() == 64)
        #expect(none.stderrText.contains("ENTRYD_TOKEN"))
    }

    @Test func helloOnTheUnixSocketNeedsNoToken() throws {
        let daemon = LiveDaemon()
        #expect(try daemon.ask(#"{"op":"hello","req":1}"#, on: daemon.client()) == ["ok": "true", "req": "1"])
    }

    @Test func aNonLoopbackAddressNeedsListenPublic() {
        let directory = TemporaryDirectory()
        let refused = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", ":memory:",
                                                   "--token-file", directory.file("t"), "--listen", "tcp:0.0.0.0:0"])
        #expect(refused.waitForExit() == 64)
        #expect(refused.stderrText.contains("--listen-public"))
        let daemon = LiveDaemon(["--listen", "tcp:0.0.0.0:0", "--listen-public"])
        #expect(daemon.readiness == "READY=1")
        #expect(daemon.process.waitForStderr(containing: "public=true"))
    }

    @Test func theFrameLimitHoldsOnTCP() throws {
        let tcp = try TCPDaemon(["--max-frame", "100"])
        let peer = try tcp.raw()
        peer.send(#"{"op":"hello","token":""# + tcp.token + "\"}\n")
        #expect(Summary.of(try #require(peer.readLine()))["ok"] == "true")
        peer.send(String(repeating: "x", count: 200) + "\n")
        #expect(Summary.of(try #require(peer.readLine()))["code"] == "frame_too_large")
        #expect(peer.readLine() == nil)
    }

    @Test func theTokenFileIsMadePrivateAndAnOpenOneIsRefused() throws {
        let tcp = try TCPDaemon()
        var info = stat()
        #expect(stat(tcp.tokenFile, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(tcp.token.count == 64 && tcp.token.allSatisfy(\.isHexDigit))

        let directory = TemporaryDirectory()
        let open = directory.file("open.token")
        #expect(FileBytes.write(Array("secret\n".utf8), to: open))
        chmod(open, 0o644)
        let refused = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", ":memory:",
                                                   "--token-file", open, "--listen", "tcp:127.0.0.1:0"])
        #expect(refused.waitForExit() == 77)
        #expect(refused.stderrText.contains("chmod 600"))
        let memory = Spawned.run(Spawned.entryd, ["serve", "--socket", directory.file("s"), "--store", ":memory:",
                                                  "--listen", "tcp:127.0.0.1:0"])
        #expect(memory.waitForExit() == 64)
        #expect(memory.stderrText.contains("--token-file"))
    }
}

extension LiveTCPTests {
    /// A TCP peer that never sends its hello is closed after the stall timeout, as a partial line
    /// is: it must not hold a client slot.
    @Test func aSilentPeerIsClosedAfterTheStallTimeout() throws {
        let tcp = try TCPDaemon(["--stall-timeout", "0.2"])
        let peer = try tcp.raw()
        #expect(peer.readLine() == nil)
        #expect(tcp.daemon.process.waitForStderr(containing: "stalled"))
    }
}

extension LiveTCPTests {
    /// TCP connections count against `--max-clients` with the Unix socket's once `hello` admits
    /// them: the hello that would pass the limit is refused, and the connection closed.
    @Test func theClientLimitCountsTCPConnections() throws {
        let tcp = try TCPDaemon(["--max-clients", "1"])
        let unix = try tcp.daemon.client()
        #expect(try tcp.daemon.ask(#"{"op":"status","req":1}"#, on: unix)["ok"] == "true")
        let peer = try tcp.raw()
        peer.send(#"{"op":"hello","req":1,"token":"\#(tcp.token)"}"# + "\n")
        #expect(Summary.of(try #require(peer.readLine()))["code"] == "too_many_clients")
        #expect(peer.readLine() == nil)
    }

    /// Admission before trust: TCP peers that never send `hello` hold none of `--max-clients`' slots,
    /// and past `--max-awaiting-hello` new ones are closed at accept (logged at most once a second),
    /// so the owner on the Unix socket is served whatever they do. Before, 40 silent peers took every
    /// slot and the owner's status was refused.
    @Test func silentTCPPeersCannotLockTheOwnerOut() throws {
        let tcp = try TCPDaemon(["--max-clients", "4", "--max-awaiting-hello", "8", "--stall-timeout", "30"])
        let silent = try (0..<40).map { _ in try tcp.raw() }
        /// Whether the daemon closed the peer: its end of stream comes, with nothing before it.
        func closed(_ peer: RawTCP) -> Bool {
            var poller = pollfd(fd: peer.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 5000) > 0 else { return false }
            var byte: UInt8 = 0
            return recv(peer.fd, &byte, 1, 0) == 0
        }
        // Accepted in the order they connected: the first 8 are let in, the 32 after them closed.
        #expect(silent[8...].allSatisfy(closed), "the 32 peers past the budget of 8 are closed at accept")
        var served = 0
        for _ in 0..<20 {
            let owner = try tcp.daemon.client()
            if try tcp.daemon.ask(#"{"op":"status","req":1}"#, on: owner)["ok"] == "true" { served += 1 }
        }
        #expect(served == 20)
        #expect(tcp.daemon.process.waitForStderr(containing: "too many TCP connections awaiting hello"))
        let warnings = tcp.daemon.process.stderrText.components(separatedBy: "too many TCP connections awaiting hello").count - 1
        #expect(warnings >= 1 && warnings <= 3, "logged at most once a second, not once a peer: \(warnings)")
        withExtendedLifetime(silent) {}
    }
}

extension LiveTCPTests {
    /// `serve` says where the token a TCP client needs is: the listening line names its file.
    @Test func theListeningLineNamesTheTokenFile() throws {
        let tcp = try TCPDaemon()
        let listening = tcp.daemon.process.stderrText.split(separator: "\n").first { $0.contains("msg=listening") }
        #expect(listening?.hasSuffix(" token_file=\(tcp.tokenFile)") == true, "\(tcp.daemon.process.stderrText)")
    }

    /// A wrong token, a hello without one and a first line that is no hello are all `not_allowed`,
    /// each with its own message, so that the peer learns which mistake it made.
    @Test func aWrongTokenAndAMissingHelloAreToldApart() throws {
        let tcp = try TCPDaemon()
        func refusal(_ first: String) throws -> (code: String?, message: String?) {
            let peer = try tcp.raw()
            peer.send(first + "\n")
            let reply = try JSONValue.parse(try #require(peer.readLine())[...])
            #expect(peer.readLine() == nil)
            return (reply["error"]?["code"]?.stringValue, reply["error"]?["message"]?.stringValue)
        }
        let wrong = try refusal(#"{"op":"hello","token":"not-the-token"}"#)
        let bare = try refusal(#"{"op":"hello"}"#)
        let none = try refusal(#"{"op":"status","req":1}"#)
        #expect([wrong.code, bare.code, none.code] == ["not_allowed", "not_allowed", "not_allowed"])
        #expect(wrong.message?.hasPrefix("the token shown is not the daemon's") == true, "\(wrong)")
        #expect(bare.message?.hasPrefix("the hello shows no token") == true, "\(bare)")
        #expect(none.message?.hasPrefix("a TCP connection must begin with {\"op\":\"hello\"") == true, "\(none)")
        #expect(tcp.daemon.process.waitForStderr(containing: "msg=\"connection refused: wrong token\""))
        #expect(tcp.daemon.process.waitForStderr(containing: "msg=\"connection refused: no hello\""))
    }
}
