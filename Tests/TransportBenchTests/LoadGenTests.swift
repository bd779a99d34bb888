import CLoadGen
import Testing

/// Runs the load generator with `configure` applied to a small count-bounded default config.
private func run(
    socket: String, template: String = #"{"op":"ping","req":%d}"#,
    _ configure: (inout entryd_loadgen_config) -> Void = { _ in }
) -> (status: Int32, result: entryd_loadgen_result) {
    var result = entryd_loadgen_result()
    let status = socket.withCString { path in
        template.withCString { line in
            var cfg = entryd_loadgen_config()
            cfg.socket_path = path
            cfg.line_template = line
            cfg.connections = 2
            cfg.window = 4
            cfg.total = 1000
            configure(&cfg)
            return entryd_loadgen_run(&cfg, &result)
        }
    }
    return (status, result)
}

/// Reads one of the result's fixed-size C strings.
private func text<T>(_ field: T) -> String {
    withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
}

@Suite struct LoadGenTests {
    /// Lines per connection smaller than the total makes every connection wrap its request buffer,
    /// the path where a partial write and the wrap meet; every line sent a second time is counted
    /// as repeated (each connection here sends more than its lines).
    @Test(arguments: [(1, 1, 1024), (4, 16, 7), (3, 5, 1)] as [(UInt32, UInt32, UInt32)])
    func everyRequestGetsExactlyOneReply(connections: UInt32, window: UInt32, linesPerConnection: UInt32) throws {
        let server = try EchoServerProcess()
        let (status, r) = run(socket: server.socketPath) {
            $0.connections = connections
            $0.window = window
            $0.total = 5000
            $0.lines_per_connection = linesPerConnection
        }
        #expect(status == 0, "\(text(r.error))")
        #expect(r.requests == 5000)
        #expect(r.repeated == 5000 - UInt64(connections * linesPerConnection))
        #expect(r.replies == 5000)
        #expect(r.error_replies == 0)
        #expect(r.bytes_received == r.bytes_sent)
        #expect(r.p50_us <= r.p99_us && r.p99_us <= r.p999_us && r.p999_us <= r.max_us)
        #expect(text(r.first_reply) == #"{"op":"ping","req":0}"#)
    }

    @Test func rateModeSendsExactlyTheTotal() throws {
        let server = try EchoServerProcess()
        let (status, r) = run(socket: server.socketPath) {
            $0.rate = 20000
            $0.total = 300
        }
        #expect(status == 0, "\(text(r.error))")
        #expect(r.requests == 300)
        #expect(r.repeated == 0)
        #expect(r.replies == 300)
    }

    @Test func countsRepliesThatReportAnError() throws {
        let server = try EchoServerProcess()
        let (status, r) = run(socket: server.socketPath, template: #"{"req":%d,"ok":false}"#)
        #expect(status == 0, "\(text(r.error))")
        #expect(r.error_replies == r.replies)
        #expect(r.replies == 1000)
    }

    @Test func smallRepliesStillMatchRequests() throws {
        let server = try EchoServerProcess(reply: "ok")
        let (status, r) = run(socket: server.socketPath)
        #expect(status == 0, "\(text(r.error))")
        #expect(r.replies == 1000)
        #expect(text(r.first_reply) == #"{"ok":true}"#)
    }

    @Test func refusesARunThatWouldNeverEnd() {
        let (status, r) = run(socket: "/tmp/unused.sock") { $0.total = 0 }
        #expect(status == -1)
        #expect(text(r.error).contains("seconds or total"))
    }

    @Test func namesTheSocketItCannotReach() {
        let (status, r) = run(socket: "/tmp/entryd-no-such-server.sock")
        #expect(status == -1)
        #expect(text(r.error).contains("/tmp/entryd-no-such-server.sock"))
    }
}
