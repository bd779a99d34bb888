import EntryHost
import EntryCLI
import EntryDaemon
import Testing

/// `samples/systemd/entryd.service` against the code it starts: its flags parse, a config the
/// daemon refuses does not restart it in a loop, and its socket is where the clients look.
@Suite struct SystemdUnitTests {
    /// The unit's `Key=value` lines.
    static func settings() throws -> [String: String] {
        let bytes = try #require(fileBytes(repositoryRoot + "/samples/systemd/entryd.service"))
        var settings: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return settings
    }

    /// `serve` with the unit's flags, `%t` and `%S` given as the user manager would.
    static func serveArguments(runtime: String) throws -> ParsedArguments {
        let command = try #require(try settings()["ExecStart"])
        let words = command.replacing("%t", with: runtime).replacing("%S", with: "/home/u/.local/state")
            .split(separator: " ").map(String.init)
        #expect(words.first?.hasSuffix("/entryd") == true)
        return try parseArguments(Array(words.dropFirst()), commands: Commands.all).get()
    }

    @Test func aConfigTheDaemonRefusesIsNotRestarted() throws {
        let statuses = Set(try #require(try Self.settings()["RestartPreventExitStatus"]).split(separator: " ").compactMap { Int32($0) })
        let refusals: [DaemonError] = [.config(file: "app.json", message: "1 problem"), .alreadyServing("s"), .notASocket("s"),
                                       .socketPathTooLong("s"), .configUnreadable(file: "app.json", reason: "missing"),
                                       .store(StoreError(path: "s", message: "disk full")),
                                       .socketDirectory(path: "d", .openTo(mode: 0o755))]
        for refusal in refusals {
            #expect(statuses.contains(refusal.exitCode), "exit \(refusal.exitCode) (\(refusal)) would restart in a loop")
        }
    }

    @Test func itsSocketIsTheClientsDefault() throws {
        let runtime = "/run/user/1000"
        let serve = try Self.serveArguments(runtime: runtime)
        #expect(serve.command == "serve")
        #expect(serve.value("socket") == SocketPath.resolve(flag: nil, environment: ["XDG_RUNTIME_DIR": runtime], uid: 1000))
        _ = try ServeOptions(serve)
    }
}
