#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import EntryClient
import EntrySystem

/// A running `entryd serve`: started as a `ChildProcess`, its readiness awaited on a notify socket
/// (`READY=1`, as systemd would), never by polling its socket.
struct DaemonProcess: Sendable {
    let child: ChildProcess

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Starts `arguments` with `NOTIFY_SOCKET` set and standard error appended to `logPath`, and
    /// returns once it reported ready; a daemon that exits first is reported with its log.
    static func start(_ arguments: [String], notifyPath: String, logPath: String) async throws -> DaemonProcess {
        let notify = try NotifySocket(path: notifyPath)
        let environment = DaemonEnvironment.entries(of: processEnvironment()) + ["NOTIFY_SOCKET=" + notifyPath]
        let child: ChildProcess
        do throws(ChildProcess.Failure) {
            child = try ChildProcess.spawn(arguments, environment: environment, standardInput: .null,
                                           standardOutput: .null, standardError: .appending(to: logPath))
        } catch {
            throw Failure(description: error.description)
        }
        let process = DaemonProcess(child: child)
        let ready = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: notify.awaitReady(child: process.child, timeoutMilliseconds: 10_000)) }
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
        child.signal(SIGKILL)
        child.waitForExit()
    }

    /// SIGTERM and reap: the daemon's orderly stop.
    func stop() {
        child.signal(SIGTERM)
        child.waitForExit()
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
    func awaitReady(child: ChildProcess, timeoutMilliseconds: Int) -> Bool {
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
            if child.hasExited() { return false }
        }
        return false
    }

    deinit {
        close(fd)
        unlink(path)
    }
}
