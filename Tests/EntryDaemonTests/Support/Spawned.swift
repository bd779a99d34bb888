import EntryDaemon
import EntrySystem
import Glibc

/// A command the tests run, started as a `ChildProcess`, with its stdout and stderr captured through pipes.
final class Spawned {
    private let child: ChildProcess
    var pid: pid_t { child.pid }
    private var outFD: Int32
    private var errFD: Int32
    /// The write end of the child's standard input, when the test types into it.
    private var inFD: Int32 = -1
    private(set) var stdout: [UInt8] = []
    private(set) var stderr: [UInt8] = []
    private var exitStatus: Int32?

    /// The `entryd` executable built next to the test bundle.
    static var entryd: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = String(decoding: buffer[..<max(n, 0)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(exe[..<(exe.lastIndex(of: "/") ?? exe.endIndex)]) + "/entryd"
    }

    /// The test's environment without the variables that choose a socket, plus `extra`.
    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = Environment.current
        for key in ["ENTRYD_SOCKET", "XDG_RUNTIME_DIR", "NOTIFY_SOCKET"] { env[key] = nil }
        return env.merging(extra) { $1 }
    }

    /// `input: true` gives the child a pipe as standard input, for `type(_:)`; else it shares the test's.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = Spawned.environment(), input: Bool = false) {
        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0], inPipe: [Int32] = [-1, -1]
        pipe(&outPipe)
        pipe(&errPipe)
        if input { pipe(&inPipe) }
        for fd in outPipe + errPipe + inPipe where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        do throws(ChildProcess.Failure) {
            // Tests run in parallel and spawn children of their own: the child gets these pipes and
            // nothing else of this process, not another test's pipe end, store file or filler.
            child = try ChildProcess.spawn([executable] + arguments, environment: environment.map { $0.key + "=" + $0.value },
                                           standardInput: input ? .descriptor(inPipe[0]) : .inherited,
                                           standardOutput: .descriptor(outPipe[1]), standardError: .descriptor(errPipe[1]))
        } catch {
            preconditionFailure(error.description)
        }
        close(outPipe[1])
        close(errPipe[1])
        if input { close(inPipe[0]) }
        inFD = inPipe[1]
        outFD = outPipe[0]
        errFD = errPipe[0]
    }

    /// Runs a command to completion and returns its exit status.
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = Spawned.environment()) -> Spawned {
        let process = Spawned(executable, arguments, environment: environment)
        _ = process.waitForExit()
        return process
    }

    func signal(_ signum: Int32) { child.signal(signum) }

    /// Writes `text` to the child's standard input (see `input:`). A child that has exited already
    /// makes the write fail, not the test process die of SIGPIPE.
    func type(_ text: String) {
        Glibc.signal(SIGPIPE, SIG_IGN)
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(inFD, $0.baseAddress, $0.count) }
    }

    /// Reads both pipes until they close (the process exited), then reaps it. A process still running
    /// after the timeout is killed and reported as status -1.
    @discardableResult
    func waitForExit(timeoutMilliseconds: Int32 = 10_000) -> Int32 {
        if let exitStatus { return exitStatus }
        while outFD >= 0 || errFD >= 0 {
            if !readAvailable(timeoutMilliseconds: timeoutMilliseconds) {
                child.signal(SIGKILL)
                break
            }
        }
        let status = child.waitForExit()
        exitStatus = status
        return status
    }

    /// Waits until stderr contains `text` (or the process ended); returns whether it does.
    func waitForStderr(containing text: String, timeoutMilliseconds: Int32 = 5000) -> Bool {
        while !stderrText.contains(text) {
            guard errFD >= 0, readAvailable(timeoutMilliseconds: timeoutMilliseconds) else { return stderrText.contains(text) }
        }
        return true
    }

    /// Waits until stdout contains `text` (or the process ended); returns whether it does.
    func waitForStdout(containing text: String, timeoutMilliseconds: Int32 = 5000) -> Bool {
        while !stdoutText.contains(text) {
            guard outFD >= 0, readAvailable(timeoutMilliseconds: timeoutMilliseconds) else { return stdoutText.contains(text) }
        }
        return true
    }

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }

    /// One poll over the open pipes; false on timeout.
    private func readAvailable(timeoutMilliseconds: Int32) -> Bool {
        var pollers = [pollfd(fd: outFD, events: Int16(POLLIN), revents: 0), pollfd(fd: errFD, events: Int16(POLLIN), revents: 0)]
        guard poll(&pollers, 2, timeoutMilliseconds) > 0 else { return false }
        for (index, poller) in pollers.enumerated() where poller.fd >= 0 && poller.revents != 0 {
            var chunk = [UInt8](repeating: 0, count: 65536)
            let n = chunk.withUnsafeMutableBytes { read(poller.fd, $0.baseAddress, $0.count) }
            if n > 0 {
                if index == 0 { stdout += chunk[..<n] } else { stderr += chunk[..<n] }
            } else {
                close(poller.fd)
                if index == 0 { outFD = -1 } else { errFD = -1 }
            }
        }
        return true
    }

    deinit {
        if exitStatus == nil {
            child.signal(SIGKILL)
            waitForExit()
        }
        if inFD >= 0 { close(inFD) }
        if outFD >= 0 { close(outFD) }
        if errFD >= 0 { close(errFD) }
    }
}
