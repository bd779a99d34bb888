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
        let notify: ReadinessSocket
        do throws(ReadinessSocket.Failure) {
            notify = try ReadinessSocket(path: notifyPath)
        } catch {
            throw Failure(description: error.description)
        }
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
            DispatchQueue.global().async { continuation.resume(returning: notify.awaitReady(from: process.child, timeoutMilliseconds: 10_000)) }
        }
        guard ready == .ready else {
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
