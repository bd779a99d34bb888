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
        var actions: posix_spawn_file_actions_t = makeActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var environment: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !text.hasPrefix("NOTIFY_SOCKET=") && !text.hasPrefix("ENTRYD_SOCKET=") { environment.append(text) }
            index += 1
        }
        environment.append("NOTIFY_SOCKET=" + notifyPath)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
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

#if canImport(Darwin)
private func makeActions() -> posix_spawn_file_actions_t { nil }
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
