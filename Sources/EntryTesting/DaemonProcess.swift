#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import EntryClient

/// A running `entryd serve`: started with `posix_spawn`, its readiness awaited on a notify socket
/// (`READY=1`, as systemd would), never by polling its socket.
struct DaemonProcess: Sendable {
    let pid: pid_t

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `arguments` with `NOTIFY_SOCKET` set and standard error appended to `logPath`, and
    /// returns once it reported ready; a daemon that exits first is reported with its log.
    static func start(_ arguments: [String], notifyPath: String, logPath: String) async throws -> DaemonProcess {
        let notify = try NotifySocket(path: notifyPath)
        var actions = makeActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let environment = DaemonEnvironment.entries(of: processEnvironment()) + ["NOTIFY_SOCKET=" + notifyPath]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        #if canImport(Darwin)
        // Darwin makes no socket close-on-exec atomically (no SOCK_CLOEXEC), so a connection another
        // test opens at the same moment could leak into this daemon and outlive its test. The spawn
        // closes every descriptor but the three set up above instead.
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        #else
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        #endif
        guard result == 0 else {
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        let process = DaemonProcess(pid: pid)
        let ready = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: notify.awaitReady(pid: process.pid, timeoutMilliseconds: 10_000)) }
        }
        guard ready else {
            process.kill9()
            let log = String(decoding: FileReading.bytes(logPath) ?? [], as: UTF8.self)
            throw Failure(description: "entryd did not become ready (\(arguments.joined(separator: " "))); it wrote:\n\(log)")
        }
        return process
    }

    /// SIGKILL and reap: a crash, with no chance to commit or clean up.
    func kill9() {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }

    /// SIGTERM and reap: the daemon's orderly stop.
    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// What of the test process's environment a daemon is given, and nothing else: where things are,
/// the locale and the time zone, and the options a test run gives the tools it runs under
/// (sanitizers, coverage profiles, backtraces). Everything else stays out: in Xcode the test process
/// carries `DYLD_*` and `XCTest*` variables (and `SIMULATOR_*`, `__XPC_*`) that would change how
/// the daemon's binary loads and runs, and `ENTRYD_SOCKET` would name another daemon's socket.
/// `NOTIFY_SOCKET` is set by `start`.
package enum DaemonEnvironment {
    package static let names: Set<Substring> = [
        "PATH", "HOME", "TMPDIR", "LANG", "TZ", "XDG_STATE_HOME", "XDG_RUNTIME_DIR",
        "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "LLVM_PROFILE_FILE", "SWIFT_BACKTRACE",
    ]
    package static let prefixes = ["LC_"]

    /// The `NAME=value` entries of `environment` a daemon keeps, in their order.
    package static func entries(of environment: [String]) -> [String] {
        environment.filter { entry in
            let name = entry.prefix { $0 != "=" }
            return names.contains(name) || prefixes.contains { name.hasPrefix($0) }
        }
    }
}

/// The test process's environment, `NAME=value` each.
private func processEnvironment() -> [String] {
    var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    #if canImport(Darwin)
    entry = _NSGetEnviron()?.pointee // <crt_externs.h>: Darwin's overlay declares no `environ`
    #else
    entry = environ
    #endif
    var entries: [String] = []
    while let text = entry?.pointee {
        entries.append(String(cString: text))
        entry = entry?.successor()
    }
    return entries
}

/// An empty `posix_spawn_file_actions_t` for `posix_spawn_file_actions_init` to fill in: on Darwin
/// the type is an opaque pointer (`typedef void *`, a `posix_spawn_file_actions_t?` here, which
/// init points at what it allocates); on Glibc and Musl a struct.
#if canImport(Darwin)
private func makeActions() -> posix_spawn_file_actions_t? { nil }
#else
private func makeActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
#endif

/// The receiving end of `$NOTIFY_SOCKET`.
private final class NotifySocket: @unchecked Sendable {
    // @unchecked: the descriptor is read by one waiting thread at a time.
    private let fd: Int32
    private let path: String

    init(path: String) throws {
        #if canImport(Darwin)
        fd = socket(AF_UNIX, SOCK_DGRAM, 0)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        #else
        fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #endif
        self.path = path
        unlink(path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw DaemonProcess.Failure(description: "the notify socket path is too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { room in
            for (index, byte) in bytes.enumerated() { room[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard fd >= 0, bound == 0 else {
            throw DaemonProcess.Failure(description: "cannot bind the notify socket \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Waits for `READY=1`; false when the daemon exited first or the time ran out. The exit is
    /// noticed by asking `waitpid` without waiting between polls of the socket.
    func awaitReady(pid: pid_t, timeoutMilliseconds: Int) -> Bool {
        var waited = 0
        while waited < timeoutMilliseconds {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                var buffer = [UInt8](repeating: 0, count: 4096)
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n > 0, String(decoding: buffer[..<n], as: UTF8.self).split(separator: "\n").contains("READY=1") { return true }
            } else {
                waited += 100
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { return false }
        }
        return false
    }

    deinit {
        close(fd)
        unlink(path)
    }
}
