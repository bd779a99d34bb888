import EntryDaemon
import Glibc
import Testing

/// `samples/README.md`, followed as written: every command line of the tour, in order, run by a
/// shell in `samples/` with `entryd` on the `PATH`, each with the exit status the tour promises.
///
/// The list below must be the tour's own list: a command added to or changed in the README fails
/// this test until it is listed here with what it does, so the tour cannot drift from the program.
@Suite(.serialized) struct TourTests {
    /// How the test runs a command of the tour.
    enum Run {
        /// In the foreground, to its end, with this exit status.
        case exits(Int32)
        /// Prints `printed` on standard output and exits 0 (`cmd; echo $?`).
        case prints(String)
        /// A daemon in its own terminal: started, awaited through its readiness datagram, stopped at the end.
        case daemon
        /// Another terminal: started and awaited until its output shows `output`, stopped at the end.
        case background(output: String)
        /// The interactive scene: awaited until the invitation is shown, then the user types `accept`,
        /// waits for the run to start and types `quit`.
        case interactiveScene
    }

    /// The only change made to a command: the other app's fixed socket path becomes a temporary one.
    static let shopSocket = "/tmp/shop.sock"

    static let tour: [(command: String, run: Run)] = [
        ("entryd --help", .exits(0)),
        ("entryd demo", .exits(0)),
        ("entryd serve --store :memory:", .daemon),
        ("entryd watch", .background(output: "")),
        ("entryd push apns/materunner-invitation.apns", .exits(0)),
        ("entryd status", .exits(0)),
        ("entryd scene --gate signedIn", .interactiveScene),
        ("entryd scene --gate signedIn --auto accept --hold 1500", .background(output: "> scene.appeared")),
        ("entryd open materunner://records/7", .exits(0)),
        ("entryd open materunner://tutorial/2 --expiration 0", .exits(0)),
        ("entryd open https://materunner.app/invite/run-9", .exits(0)),
        ("entryd open materunner://notice/maintenance-0612 --expires-in 1h", .exits(0)),
        ("entryd open materunner://nope; echo $?", .prints("65\n")),
        // The links include the refused ones on purpose, and the last is no_route.
        (#"grep -v '^#' links.txt | grep materunner | while read url rest; do entryd open "$url"; done"#, .exits(65)),
        ("entryd status", .exits(0)),
        ("entryd status --json", .exits(0)),
        ("entryd push apns/materunner-update-notice.apns", .exits(0)),
        ("entryd retract --kind updateNotice", .exits(0)),
        ("entryd check scenarios/*.json", .exits(0)),
        ("entryd check-config materunner.json shopmate.json runclub.json", .exits(0)),
        ("entryd serve --config shopmate.json --socket /tmp/shop.sock --store :memory:", .daemon),
        ("entryd scene --socket /tmp/shop.sock --gate signedIn --auto apply", .background(output: "> scene.appeared")),
        ("entryd push apns/shopmate-coupon.apns --socket /tmp/shop.sock", .exits(0)),
        ("entryd route --config runclub.json runclub://records/7", .exits(0)),
        ("entryd route --config runclub.json https://runclub.app/challenges/42", .exits(0)),
        ("entryd check scenarios/back-stack-from-push.json scenarios/unmatched-link-fallback.json", .exits(0)),
        ("entryd push apns/shopmate-order.fcm.json --socket /tmp/shop.sock", .exits(0)),
        ("entryd route --config shopmate.json --fcm apns/shopmate-restock.fcm.json", .exits(0)),
        ("entryd open --android https://shop.example.com/orders/3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b --socket /tmp/shop.sock", .exits(0)),
        ("entryd route --config shopmate.json --android https://shop.example.com/orders/internal/1", .exits(1)),
    ]

    /// The tour's command lines: indented code lines that run `entryd`, without their comments
    /// (the lines that set up the shell, `swift build`, `export`, `cd`, are the test's own setup).
    static func tourCommands() throws -> [String] {
        let text = String(decoding: try #require(fileBytes(repositoryRoot + "/samples/README.md")), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("    "), line.contains("entryd ") else { return nil }
            var command = String(line.drop { $0 == " " })
            if let comment = command.firstRange(of: "  #") { command = String(command[..<comment.lowerBound]) }
            while command.last == " " { command.removeLast() }
            return command.hasPrefix("#") ? nil : command
        }
    }

    @Test func theListIsTheTour() throws {
        #expect(try Self.tourCommands() == Self.tour.map(\.command))
    }

    @Test func theTourRunsAsWritten() throws {
        let directory = TemporaryDirectory()
        let build = String(Spawned.entryd.dropLast("/entryd".count))
        let environment = Spawned.environment([
            "PATH": build + ":" + (Environment.current["PATH"] ?? "/usr/bin:/bin"),
            "ENTRYD_SOCKET": directory.file("entryd.sock"),
            "XDG_STATE_HOME": directory.path,
        ])
        var running: [(command: String, process: Spawned)] = []
        var notifies: [NotifySocket] = []
        defer {
            for (_, process) in running.reversed() { process.signal(SIGTERM) }
        }
        for (command, run) in Self.tour {
            let line = command.replacing(Self.shopSocket, with: directory.file("shop.sock"))
            let shell = "cd '\(repositoryRoot)/samples' && "
            switch run {
            case .exits(let status):
                let process = Spawned.run("/bin/sh", ["-c", shell + line], environment: environment)
                #expect(process.waitForExit(timeoutMilliseconds: 120_000) == status, "\(command)\n\(process.stderrText)")
            case .prints(let text):
                let process = Spawned.run("/bin/sh", ["-c", shell + line], environment: environment)
                #expect(process.waitForExit() == 0, "\(command)")
                #expect(process.stdoutText == text, "\(command)\n\(process.stderrText)")
            case .daemon:
                let notify = NotifySocket(path: directory.file("notify-\(notifies.count)"))
                notifies.append(notify)
                var daemonEnvironment = environment
                daemonEnvironment["NOTIFY_SOCKET"] = notify.path
                running.append((command, Spawned("/bin/sh", ["-c", shell + "exec " + line], environment: daemonEnvironment)))
                #expect(notify.receive() == "READY=1", "\(command)")
            case .background(let output):
                let process = Spawned("/bin/sh", ["-c", shell + "exec " + line], environment: environment)
                running.append((command, process))
                #expect(output.isEmpty ? process.waitForStderr(containing: "watching") : process.waitForStdout(containing: output),
                        "\(command)\n\(process.stderrText)")
            case .interactiveScene:
                let scene = Spawned("/bin/sh", ["-c", shell + "exec " + line], environment: environment, input: true)
                #expect(scene.waitForStdout(containing: "< present invitation"), "\(command)\n\(scene.stderrText)")
                scene.type("accept\n")
                #expect(scene.waitForStdout(containing: "< start run"), "\(command)\n\(scene.stderrText)")
                scene.type("quit\n")
                #expect(scene.waitForExit() == 0, "\(command)\n\(scene.stderrText)")
            }
        }
        for (command, process) in running.reversed() {
            process.signal(SIGTERM)
            let status = process.waitForExit()
            // A daemon stops cleanly; a scene or a watcher sees it go and says so.
            #expect(status == 0 || status == 69 || status == -1, "\(command): \(status)")
        }
        running.removeAll()
    }
}
