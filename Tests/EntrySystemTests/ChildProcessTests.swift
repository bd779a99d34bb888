import EntrySystem
import Glibc
import Testing

/// The one spawner: what a child gets (its arguments, exactly its environment, its standard
/// descriptors as asked, the exit pipe) and what it does not (any other descriptor of this process).
@Suite struct ChildProcessTests {
    @Test func theChildGetsItsArgumentsAndExactlyItsEnvironment() throws {
        let output = Pipe()
        let child = try ChildProcess.spawn(["/bin/sh", "-c", "echo \"$1 ${ONLY:-} ${HOME:-unset}\"", "sh", "first"],
                                           environment: ["ONLY=given"], standardOutput: .descriptor(output.writeEnd))
        output.closeWriteEnd()
        #expect(output.readAll() == "first given unset\n")
        #expect(child.waitForExit() == 0)
    }

    @Test func itsExitStatusAndASignalAreToldApart() throws {
        let exited = try ChildProcess.spawn(["/bin/sh", "-c", "exit 3"], environment: [])
        #expect(exited.waitForExit() == 3)
        let killed = try ChildProcess.spawn(["/bin/sh", "-c", "exec sleep 30"], environment: [])
        killed.signal(SIGKILL)
        #expect(killed.waitForExit() == -1)
    }

    @Test func standardErrorIsAppendedToAFile() throws {
        let directory = TemporaryDirectory()
        let log = directory.write("daemon.log", Array("before\n".utf8))
        let child = try ChildProcess.spawn(["/bin/sh", "-c", "echo after >&2"], environment: [],
                                           standardInput: .null, standardOutput: .null, standardError: .appending(to: log))
        #expect(child.waitForExit() == 0)
        #expect(try RegularFile.read(log, limit: 100).get() == Array("before\nafter\n".utf8))
    }

    @Test func theExitPipeEndsWhenTheChildExits() throws {
        let child = try ChildProcess.spawn(["/bin/cat"], environment: [], standardInput: .null, exitPipe: true)
        let exitPipe = try #require(child.exitPipe)
        defer { close(exitPipe) }
        var poller = pollfd(fd: exitPipe, events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 5000) == 1)
        var byte: UInt8 = 0
        #expect(read(exitPipe, &byte, 1) == 0)
        #expect(child.waitForExit() == 0)
    }

    #if !canImport(Musl)
    @Test func noOtherDescriptorOfThisProcessReachesTheChild() throws {
        // A pipe opened without close-on-exec, as another thread's could be at that moment: were its
        // write end inherited, the living child would keep the read end from ever seeing its end.
        var leak: [Int32] = [-1, -1]
        #expect(pipe(&leak) == 0)
        defer { close(leak[0]) }
        let input = Pipe()
        let child = try ChildProcess.spawn(["/bin/cat"], environment: [], standardInput: .descriptor(input.readEnd))
        close(leak[1])
        var poller = pollfd(fd: leak[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&poller, 1, 5000) == 1)
        input.closeWriteEnd()
        #expect(child.waitForExit() == 0)
    }
    #endif

    @Test func aMissingExecutableIsNamed() {
        #expect(throws: ChildProcess.Failure.spawn(executable: "/nonexistent/entryd", code: ENOENT)) {
            try ChildProcess.spawn(["/nonexistent/entryd", "serve"], environment: [])
        }
        #expect("\(ChildProcess.Failure.spawn(executable: "/nonexistent/entryd", code: ENOENT))"
            == "cannot start /nonexistent/entryd: No such file or directory")
    }
}

/// A close-on-exec pipe whose ends a test hands to a child.
private final class Pipe {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0)
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    func closeWriteEnd() {
        if writeEnd >= 0 { close(writeEnd) }
        writeEnd = -1
    }

    /// Everything written until every write end is closed.
    func readAll() -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(readEnd, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<n]
        }
    }

    deinit {
        closeWriteEnd()
        close(readEnd)
    }
}
