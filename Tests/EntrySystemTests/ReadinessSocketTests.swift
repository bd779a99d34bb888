import EntrySystem
import Glibc
import Testing

/// Awaiting a child's `READY=1`: what ends the wait, with and without an exit pipe.
@Suite struct ReadinessSocketTests {
    @Test(arguments: [true, false])
    func readyIsHeardAsALineOfADatagram(exitPipe: Bool) throws {
        let directory = TemporaryDirectory()
        let notify = try ReadinessSocket(path: directory.file("notify.sock"))
        let child = try ChildProcess.spawn(["/bin/sh", "-c", "exec sleep 30"], environment: [], exitPipe: exitPipe)
        defer {
            child.signal(SIGKILL)
            child.waitForExit()
            if let pipe = child.exitPipe { close(pipe) }
        }
        send("STATUS=starting\nREADY=1\n", to: notify.path)
        #expect(notify.awaitReady(from: child, timeoutMilliseconds: 5000) == .ready)
    }

    @Test(arguments: [true, false])
    func aChildThatEndsFirstIsTold(exitPipe: Bool) throws {
        let directory = TemporaryDirectory()
        let notify = try ReadinessSocket(path: directory.file("notify.sock"))
        let child = try ChildProcess.spawn(["/bin/sh", "-c", "exit 78"], environment: [], exitPipe: exitPipe)
        defer { if let pipe = child.exitPipe { close(pipe) } }
        #expect(notify.awaitReady(from: child, timeoutMilliseconds: 5000) == .exited)
    }

    @Test func aChildThatNeitherSaysNorEndsTimesOut() throws {
        let directory = TemporaryDirectory()
        let notify = try ReadinessSocket(path: directory.file("notify.sock"))
        let child = try ChildProcess.spawn(["/bin/sh", "-c", "exec sleep 30"], environment: [])
        defer {
            child.signal(SIGKILL)
            child.waitForExit()
        }
        #expect(notify.awaitReady(from: child, timeoutMilliseconds: 300) == .timedOut)
    }

    @Test func aPathTooLongIsNamed() {
        let path = "/tmp/" + String(repeating: "n", count: 200)
        #expect(throws: ReadinessSocket.Failure.pathTooLong(path: path)) { try ReadinessSocket(path: path) }
    }

    /// Sends `text` as one datagram to the socket at `path`, as `sd_notify` does.
    private func send(_ text: String, to path: String) {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { room in
            for (index, byte) in path.utf8.enumerated() { room[index] = byte }
        }
        let bytes = Array(text.utf8)
        let sent = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                sendto(fd, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(sent == bytes.count)
    }
}
