import CUV
import Glibc

/// Starts a child process with `posix_spawn`, its standard error sent to a file.
///
/// The child gets standard output, standard error and nothing else: a descriptor the parent holds
/// at that moment (a store file, a socket, another child's pipe) would otherwise stay open in the
/// child for its whole life, keeping a file system busy or a pipe from ever reaching its end.
enum ChildProcess {
    static func spawn(_ arguments: [String], environment: [String: String], stderrPath: String) throws(CheckError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        entryd_spawn_close_from(&actions, 3)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard result == 0 else {
            throw CheckError("cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        }
        return pid
    }
}

