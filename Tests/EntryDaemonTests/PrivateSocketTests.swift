import EntryCLI
@testable import EntryDaemon
import Glibc
import Testing

/// The default socket's private directory, and clients and `serve` refusing another user's listener.
struct PrivateDirectoryTests {
    @Test func onlyADirectoryOfOursClosedToOthersIsFit() {
        #expect(PrivateDirectory.problem(mode: S_IFDIR | 0o700, owner: 5, uid: 5) == nil)
        #expect(PrivateDirectory.problem(mode: S_IFDIR | 0o750, owner: 5, uid: 5) == .openTo(mode: S_IFDIR | 0o750))
        #expect(PrivateDirectory.problem(mode: S_IFDIR | 0o701, owner: 5, uid: 5) == .openTo(mode: S_IFDIR | 0o701))
        #expect(PrivateDirectory.problem(mode: S_IFDIR | 0o700, owner: 6, uid: 5) == .ownedBy(6))
        #expect(PrivateDirectory.problem(mode: S_IFLNK | 0o777, owner: 5, uid: 5) == .notADirectory)
    }

    @Test func aMissingDirectoryIsCreatedPrivate() {
        let parent = TemporaryDirectory()
        let path = parent.file("d")
        #expect(PrivateDirectory.claim(path, uid: getuid()) == nil)
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR && info.st_mode & 0o777 == 0o700)
    }

    @Test func anOpenDirectoryOrALinkIsRefused() {
        let parent = TemporaryDirectory()
        let open = parent.file("open")
        mkdir(open, 0o700)
        chmod(open, 0o755)
        #expect(PrivateDirectory.claim(open, uid: getuid()) == .openTo(mode: S_IFDIR | 0o755))
        let target = parent.file("target")
        mkdir(target, 0o700)
        symlink(target, parent.file("link"))
        #expect(PrivateDirectory.claim(parent.file("link"), uid: getuid()) == .notADirectory)
    }

    @Test(.enabled(if: getuid() == 0)) func anotherUsersDirectoryIsRefused() {
        let parent = TemporaryDirectory()
        let path = parent.file("theirs")
        mkdir(path, 0o700)
        chown(path, 65534, 65534)
        #expect(PrivateDirectory.claim(path, uid: getuid()) == .ownedBy(65534))
    }

    @Test func theFallbackLivesInAPrivateDirectory() {
        #expect(SocketPath.resolve(flag: nil, environment: [:], uid: 7) == "/tmp/entryd-7/entryd.sock")
        #expect(SocketPath.privateDirectory(holding: "/tmp/entryd-7/entryd.sock", environment: [:], uid: 7) == "/tmp/entryd-7")
        #expect(SocketPath.privateDirectory(holding: "/run/user/7/entryd.sock", environment: [:], uid: 7) == nil)
    }

    /// `$XDG_RUNTIME_DIR` holds the default socket only when it is private, like the fallback.
    @Test func theRuntimeDirectoryIsCheckedLikeTheFallback() {
        let runtime = ["XDG_RUNTIME_DIR": "/run/user/7/"]
        #expect(SocketPath.privateDirectory(holding: "/run/user/7/entryd.sock", environment: runtime, uid: 7) == "/run/user/7")
        #expect(SocketPath.privateDirectory(holding: "/elsewhere/entryd.sock", environment: runtime, uid: 7) == nil)
    }

    /// `serve` refuses a runtime directory others may enter (exit 77, naming it and the fix), and
    /// serves in one that is private.
    @Test func serveRefusesAnOpenRuntimeDirectory() {
        let parent = TemporaryDirectory()
        let runtime = parent.file("run")
        mkdir(runtime, 0o700)
        chmod(runtime, 0o777)
        var environment = Spawned.environment()
        environment["XDG_RUNTIME_DIR"] = runtime
        environment["ENTRYD_SOCKET"] = nil
        let open = Spawned.run(Spawned.entryd, ["serve", "--store", ":memory:"], environment: environment)
        #expect(open.waitForExit() == 77)
        #expect(open.stderrText.contains("\(runtime) holds the default socket"), "\(open.stderrText)")
        #expect(open.stderrText.contains("run chmod 700 \(runtime)"), "\(open.stderrText)")
        chmod(runtime, 0o700)
        let fit = Spawned(Spawned.entryd, ["serve", "--store", ":memory:"], environment: environment)
        #expect(fit.waitForStderr(containing: "msg=serving"), "\(fit.stderrText)")
        fit.signal(SIGTERM)
        #expect(fit.waitForExit() == 0, "\(fit.stderrText)")
    }
}

/// Another user listening where this one's daemon should be. Needs root, to run that listener as
/// `nobody` (uid 65534).
@Suite(.serialized, .enabled(if: getuid() == 0)) struct ForeignListenerTests {
    static func asNobody(_ arguments: [String]) -> Spawned {
        Spawned("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", Spawned.entryd] + arguments)
    }

    /// A client refuses another user's listener, naming it, and sends it nothing; `serve` names it
    /// too instead of calling it a daemon already listening.
    @Test func clientsAndServeRefuseAnotherUsersListenerNamingIt() throws {
        let directory = TemporaryDirectory()
        chown(directory.path, 65534, 65534)
        let socket = directory.file("s")
        let foreign = Self.asNobody(["serve", "--socket", socket, "--store", ":memory:"])
        #expect(foreign.waitForStderr(containing: "msg=serving"))
        let status = Spawned.run(Spawned.entryd, ["status", "--socket", socket])
        #expect(status.waitForExit() == 69)
        #expect(status.stderrText.contains("served by uid 65534 (nobody), not by you or root"), "\(status.stderrText)")
        #expect(throws: ClientError.foreignServer(path: socket, uid: 65534)) { try Client(path: socket) }
        let serve = Spawned.run(Spawned.entryd, ["serve", "--socket", socket, "--store", ":memory:"])
        #expect(serve.waitForExit() == 69)
        #expect(serve.stderrText.contains("uid 65534 (nobody), not you, is listening on \(socket)"), "\(serve.stderrText)")
        foreign.signal(SIGTERM)
        #expect(foreign.waitForExit() == 0)
    }

    /// `serve` on the default path makes its private directory, and refuses one that others may
    /// enter. Run as `nobody`, so that the directory is `/tmp/entryd-65534`.
    @Test func serveClaimsThePrivateDirectoryOfTheDefaultSocket() {
        let path = "/tmp/entryd-65534"
        removeTree(path)
        defer { removeTree(path) }
        mkdir(path, 0o755)
        chmod(path, 0o755)
        chown(path, 65534, 65534)
        let refused = Self.asNobody(["serve", "--store", ":memory:"])
        #expect(refused.waitForExit() == 77)
        #expect(refused.stderrText.contains("\(path) holds the default socket"), "\(refused.stderrText)")
        #expect(refused.stderrText.contains("run chmod 700 \(path)"))
        removeTree(path)
        let serving = Self.asNobody(["serve", "--store", ":memory:"])
        #expect(serving.waitForStderr(containing: "socket=\(path)/entryd.sock"))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o700 && info.st_uid == 65534)
        serving.signal(SIGTERM)
        #expect(serving.waitForExit() == 0)
    }
}
