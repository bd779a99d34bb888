import Glibc

/// A daemon whose store file and socket outlive it, so a test can `kill -9` it and start it again on
/// the same store (R15, R16, R18).
final class StoredDaemon {
    let directory = TemporaryDirectory()
    let arguments: [String]
    private(set) var current: LiveDaemon

    var store: String { directory.file("entryd.sqlite") }

    init(_ arguments: [String] = []) {
        self.arguments = arguments
        current = LiveDaemon(["--store", directory.file("entryd.sqlite")] + arguments, socket: directory.file("s"))
    }

    /// `kill -9`, then a new daemon on the same store and socket; returns its readiness datagram.
    @discardableResult
    func killAndRestart() -> String? {
        current.process.signal(SIGKILL)
        current.process.waitForExit()
        current = LiveDaemon(["--store", store] + arguments, socket: directory.file("s"))
        return current.readiness
    }
}
