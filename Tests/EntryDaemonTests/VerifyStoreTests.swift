import Glibc
import Testing

@Suite struct VerifyStoreTests {
    /// A stopped daemon's store passes the integrity check; a store in use is refused, naming it.
    @Test func checksAStoppedDaemonsStoreAndRefusesOneInUse() throws {
        let daemon = LiveDaemon()
        #expect(daemon.readiness == "READY=1")
        let client = try daemon.client()
        #expect(try daemon.ask(#"{"op":"open","url":"materunner://records/3","id":"r-3"}"#, on: client)["ok"] == "true")
        let store = daemon.directory.file("store.sqlite")
        let busy = Spawned.run(Spawned.entryd, ["verify-store", "--store", store])
        #expect(busy.waitForExit() == 74)
        #expect(busy.stderrText.contains(store))
        #expect(daemon.stop() == 0)
        let verified = Spawned.run(Spawned.entryd, ["verify-store", "--store", store])
        #expect(verified.waitForExit() == 0)
        #expect(verified.stdoutText == "\(store): ok; entries: 1 (pending 1); dedupe keys: 1\n")
    }

    @Test func aMissingStoreIsNotCreated() {
        let directory = TemporaryDirectory()
        let path = directory.file("absent.sqlite")
        let verified = Spawned.run(Spawned.entryd, ["verify-store", "--store", path])
        #expect(verified.waitForExit() == 66)
        #expect(access(path, F_OK) != 0)
    }
}
