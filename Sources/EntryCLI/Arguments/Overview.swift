import EntryDaemon
import Glibc

extension Commands {
    /// Every exit status a subcommand may end with (sysexits), as `--help` lists them; a test checks
    /// that each code the daemon and the commands return is here.
    static let exitCodes: [(Int32, String)] = [
        (0, "ok"), (1, "a scenario of check failed"), (64, "usage: a flag or argument is wrong"),
        (65, "bad data: the daemon refused the request, or a file is malformed"),
        (66, "a file cannot be read (a missing --config, for every subcommand)"),
        (69, "no daemon answers, or it went away"), (70, "internal error"),
        (71, "the system refused the daemon's event loop (a socket, a file descriptor)"),
        (73, "cannot create serve's socket, its directory or token file; check's --junit"),
        (74, "I/O error"),
        (77, "the socket's directory or token file is not private; a token was refused"),
        (78, "the config has problems (each is listed)"),
    ]

    /// `entryd --help`: one line per subcommand, the environment and the exit codes, within 80
    /// columns. The socket's fallback paths come from `SocketPath` itself, for this user, so the
    /// text cannot drift from what the commands do.
    package static func overview(uid: uid_t = getuid()) -> String {
        let width = (all.map(\.name.count).max() ?? 0) + 4
        var lines = ["entryd \(version): routes pushes and links to the screens of an app", "",
                     "usage: entryd SUBCOMMAND [ARGUMENTS] [FLAGS]", "", "subcommands:"]
        for command in all {
            let head = "  " + command.name + String(repeating: " ", count: width - command.name.count - 2)
            lines += TextWrap.lines(command.summary, first: head, rest: String(repeating: " ", count: width))
        }
        let runtime = SocketPath.resolve(flag: nil, environment: ["XDG_RUNTIME_DIR": "$XDG_RUNTIME_DIR"], uid: uid)
        let fallback = SocketPath.resolve(flag: nil, environment: [:], uid: uid)
        let environment: [(String, String)] = [
            ("ENTRYD_SOCKET", "the daemon's socket when --socket is not given; else \(runtime), else \(fallback)"),
            ("ENTRYD_TOKEN", "the token a client shows a --socket tcp:HOST:PORT when --token-file is not given; "
                + "serve logs the file it is in (token_file)"),
            ("XDG_STATE_HOME", "serve's store is $XDG_STATE_HOME/entryd/entryd.sqlite, else "
                + "~/.local/state/entryd/entryd.sqlite"),
            ("NOTIFY_SOCKET", "serve reports READY=1 and STOPPING=1 there (systemd Type=notify)"),
        ]
        lines += ["", "environment:"]
        for (name, text) in environment {
            lines += TextWrap.lines(text, first: "  " + name + String(repeating: " ", count: 17 - name.count),
                                    rest: String(repeating: " ", count: 19))
        }
        lines += ["", "exit codes:"] + exitCodes.map { "  " + String($0.0).padding(3) + " " + $0.1 }
        lines += ["", "`entryd help SUBCOMMAND` shows its flags and examples."]
        return lines.joined(separator: "\n")
    }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
