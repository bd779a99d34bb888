#if canImport(Glibc)
import CSpawn
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A process this one started with `posix_spawn`: the one place the package starts a process, for
/// `entryd check`'s temporary daemon, EntryTesting's daemon and the tests' commands.
///
/// The child gets its standard descriptors as asked, the write end of its exit pipe as descriptor 3
/// when asked, and nothing else: a descriptor the parent holds at that moment (a store file, a
/// socket, another child's pipe, opened by another thread meanwhile) would otherwise stay open in
/// the child for its whole life, keeping a file system busy or a pipe from ever reaching its end.
/// Glibc closes the rest with `posix_spawn_file_actions_addclosefrom_np`, Darwin with
/// `POSIX_SPAWN_CLOEXEC_DEFAULT`; elsewhere only close-on-exec keeps them out.
package struct ChildProcess: Sendable {
    package let pid: pid_t
    /// The read end of a pipe whose only writer is the child, when `spawn` was asked for one: it
    /// reaches its end when the child exits, however it exits, so the parent can await an exit in
    /// the same `poll` as anything else instead of asking `waitpid` over and over. The caller
    /// closes it.
    package let exitPipe: Int32?

    /// What one of the child's standard descriptors is.
    package enum Stream: Sendable, Hashable {
        /// This process's own.
        case inherited
        /// `/dev/null`.
        case null
        /// The file at the path, made with mode 0600 when missing, written at its end.
        case appending(to: String)
        /// A descriptor of this process, a pipe's end as a rule; the caller still owns it.
        case descriptor(Int32)
    }

    /// Why no child was started.
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case pipe(code: Int32)
        case spawn(executable: String, code: Int32)

        package var description: String {
            switch self {
            case .pipe(let code): "cannot create a pipe: \(String(cString: strerror(code)))"
            case .spawn(let executable, let code): "cannot start \(executable): \(String(cString: strerror(code)))"
            }
        }
    }

    /// Starts `arguments[0]` (a path: nothing searches `PATH`) with `arguments` and exactly
    /// `environment`, `NAME=value` each.
    package static func spawn(_ arguments: [String], environment: [String], standardInput: Stream = .inherited,
                              standardOutput: Stream = .inherited, standardError: Stream = .inherited,
                              exitPipe: Bool = false) throws(Failure) -> ChildProcess {
        var ends: [Int32] = [-1, -1]
        if exitPipe { ends = try makeExitPipe() }
        defer { if ends[1] >= 0 { close(ends[1]) } }
        var actions = emptyFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (number, stream) in [standardInput, standardOutput, standardError].enumerated() {
            let target = Int32(number)
            switch stream {
            case .inherited:
                #if canImport(Darwin)
                posix_spawn_file_actions_addinherit_np(&actions, target)
                #endif
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .appending(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        if exitPipe { posix_spawn_file_actions_adddup2(&actions, ends[1], 3) }
        #if canImport(Glibc)
        entryd_spawn_close_from(&actions, exitPipe ? 4 : 3)
        #endif
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, envp)
        #else
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        #endif
        guard result == 0 else {
            if exitPipe { close(ends[0]) }
            throw .spawn(executable: arguments[0], code: result)
        }
        return ChildProcess(pid: pid, exitPipe: exitPipe ? ends[0] : nil)
    }

    /// Sends `signal` (`SIGTERM`, `SIGKILL`, …). Only before `waitForExit` or a true `hasExited`:
    /// once the child is reaped, its pid may name another process.
    package func signal(_ signal: Int32) {
        kill(pid, signal)
    }

    /// Waits for the child to end and reaps it: its exit status, or -1 when a signal ended it.
    @discardableResult
    package func waitForExit() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return -1 }
        }
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    /// Whether the child has ended, reaping it if so, without waiting.
    package func hasExited() -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// A close-on-exec pipe whose write end is not descriptor 3, where the child gets it: `dup2`
    /// onto the same number would leave close-on-exec set on it.
    private static func makeExitPipe() throws(Failure) -> [Int32] {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw .pipe(code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        if ends[1] == 3 {
            let moved = fcntl(3, F_DUPFD_CLOEXEC, 4)
            close(3)
            ends[1] = moved
        }
        return ends
    }
}

/// An empty `posix_spawn_file_actions_t` for `posix_spawn_file_actions_init` to fill in: on Darwin
/// the type is an opaque pointer (`typedef void *`, a `posix_spawn_file_actions_t?` here, which
/// init points at what it allocates); on Glibc and Musl a struct.
#if canImport(Darwin)
private func emptyFileActions() -> posix_spawn_file_actions_t? { nil }
#else
private func emptyFileActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
#endif
