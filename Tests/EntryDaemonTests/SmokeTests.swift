import Testing
@testable import EntryDaemon

@Test func daemonExists() {
    _ = Daemon()
}
