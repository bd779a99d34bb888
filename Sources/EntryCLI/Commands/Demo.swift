import EntryClient
import EntryDaemon
import EntryRouter
import Glibc

/// `entryd demo`: a cold start, end to end, printed as a timeline. Its own daemon (temporary socket,
/// sample config, in-memory store); a sender pushes an invitation and a tutorial while no scene
/// exists; then a scene connects, signs in and appears home, and gets the tutorial (priority 1)
/// before the invitation (priority 2); accepting the invitation dismisses it and, once the dismissal
/// is acknowledged, starts the run. The scene confirms its steps, as an app on `SceneDriver` does:
/// the run's `start` is answered with `scene.handled`. Exits 0 when the scene handled both; everything is cleaned up.
enum Demo {
    static let invitation: JSONValue = .object([
        "Simulator Target Bundle": .string("com.example.materunner"),
        "aps": .object(["alert": .string("Mina invites you to run")]),
        "type": .string("invitation"), "sessionId": .string("run-42"), "inviter": .object(["name": .string("Mina")]),
    ])
    static let tutorial: JSONValue = .object([
        "aps": .object(["alert": .string("Three tips for your first run")]), "type": .string("tutorial"), "step": .string("1"),
    ])

    static func run(_ parsed: ParsedArguments) -> Int32 {
        guard let hold = Int64(parsed.value("hold") ?? "300"), hold >= 0 else {
            return Usage.fail(parsed.command, "--hold takes milliseconds (0 or more)")
        }
        let started = Monotonic.milliseconds()
        func note(_ text: String) {
            print(EventLine.stamp(milliseconds: Monotonic.milliseconds() - started) + " · " + text)
            Talk.flush()
        }
        let daemon: TemporaryDaemon
        do throws(CheckError) {
            daemon = try TemporaryDaemon(executable: Talk.ownExecutable(), durable: false)
            try daemon.start()
        } catch {
            printError("entryd demo: \(error)")
            return 69
        }
        defer { daemon.stop() }
        note("daemon ready on \(daemon.socketPath) (sample MateRunner config, store :memory:)")
        do throws(ClientError) {
            note("the app is not running: two pushes arrive")
            let sender = try Client(path: daemon.socketPath)
            for (id, payload) in [("invite-42", invitation), ("tutorial-1", tutorial)] {
                let request = EntryRequest.push(APNsPayload(value: payload) ?? APNsPayload([:]), id: id).json(req: nil)
                print(EventLine.stamp(milliseconds: Monotonic.milliseconds() - started) + " sender > push " + id)
                try sender.send(Talk.line(request))
                guard let line = try sender.readLine(timeoutMilliseconds: 5000), let reply = try? JSONValue.parse(line[...]) else {
                    throw ClientError.closedWithoutReply(path: daemon.socketPath)
                }
                print(EventLine.stamp(milliseconds: Monotonic.milliseconds() - started) + " sender < " + EventLine.describe(reply))
            }
            note("the app starts: scene main connects, signs in, its home appears; the pending pushes are handed over")
            var options = SceneOptions(name: "main")
            options.gates = ["signedIn"]
            options.auto = "accept"
            options.autoByKind = ["tutorial": "done"]
            options.hold = hold
            options.count = 2
            options.confirms = true
            var session = SceneSession(client: try Client(path: daemon.socketPath), player: ScenePlayer(options), json: false,
                                       readsStdin: false, label: " main  ", started: started)
            let status = session.run()
            guard status == 0, session.player.handled == 2 else {
                // The log goes with the temporary directory: its lines are printed, never its path.
                printError("entryd demo: the scene did not handle both modals; the daemon's log (last lines):\n"
                           + daemon.log().split(separator: "\n").suffix(12).map { "  " + $0 }.joined(separator: "\n"))
                return status == 0 ? 1 : status
            }
        } catch {
            printError("entryd demo: \(error)")
            return Talk.exitCode(error)
        }
        let exit = daemon.stop()
        note("daemon stopped (exit \(exit)); temporary files removed")
        return exit
    }
}
