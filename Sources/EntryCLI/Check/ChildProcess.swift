import CUV
import Glibc

/// Starts a child process with `posix_spawn`, its standard error sent to a file.
///
/// The child gets standard output, standard error, the write end of its exit pipe as descriptor 3,
/// and nothing else: a descriptor the parent holds at that moment (a store file, a socket, another
/// child's pipe) would otherwise stay open in the child for its whole life, keeping a file system
/// busy or a pipe from ever reaching its end.
enum ChildProcess {
    /// The child's pid, and the read end of a pipe whose only writer is the child: it reaches its end
    /// when the child exits, however it exits, so the parent can await an exit in the same `poll` as
    /// anything else instead of asking `waitpid` over and over.
    static func spawn(_ arguments: [String], environment: [String: String],
                      stderrPath: String) throws(CheckError) -> (pid: pid_t, exitPipe: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw CheckError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // dup2 onto the same number would leave close-on-exec set on it.
        if ends[1] == 3 {
            let moved = fcntl(3, F_DUPFD_CLOEXEC, 4)
            close(3)
            ends[1] = moved
        }
        defer { close(ends[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 3)
        entryd_spawn_close_from(&actions, 4)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard result == 0 else {
            close(ends[0])
            throw CheckError("cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return (pid, ends[0])
    }
}
