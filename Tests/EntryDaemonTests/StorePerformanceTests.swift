import EntryRouter
import Glibc
import Testing
@testable import EntryDaemon

/// Figures for the documentation: printed, never asserted (timings depend on the machine and its load).
/// The store files live under /tmp, on the same disk as the project, so every commit pays a real fsync.
/// Opt-in (`ENTRYD_STORE_FIGURES=1 swift test --filter StorePerformanceTests`): loading 100 000
/// entries to print a figure is not worth every test run's time.
@Suite(.serialized, .enabled(if: getenv("ENTRYD_STORE_FIGURES") != nil, "figures only: set ENTRYD_STORE_FIGURES=1"))
struct StorePerformanceTests {
    private func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// CPU time of the whole process: on a machine shared with other work, wall time alone says little.
    private func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    @Test func loadingAFullInboxOf100000Entries() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("entryd.sqlite")
        let count = 100_000
        try SQLiteStore(path: path).commit((1...count).map { number in
            .entry(sampleEntry("e-\(number)", received: Int64(number),
                               params: ["sessionId": "s\(number)", "inviter": "inviter \(number)"]))
        })
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUMilliseconds()
        let store = try SQLiteStore(path: path)
        let state = try store.load()
        let cpu = processCPUMilliseconds() - cpuStart
        let elapsed = clock.now - start
        #expect(state.entries.count == count)
        #expect(state.entries.last?.params["inviter"] == "inviter \(count)")
        #expect(state.nextEntryNumber == UInt64(count) + 1)
        print("store figure: open + load of \(count) pending entries took \(milliseconds(elapsed)) ms "
            + "(\(cpu) ms of CPU)")
    }

    @Test(arguments: [1, 16])
    func commitCost(recordsPerCommit: Int) throws {
        let directory = TemporaryDirectory()
        let store = try SQLiteStore(path: directory.file("entryd.sqlite"))
        let commits = 200
        let clock = ContinuousClock()
        let start = clock.now
        let cpuStart = processCPUMilliseconds()
        for commit in 0..<commits {
            try store.commit((0..<recordsPerCommit).map { index in
                .entry(sampleEntry("e-\(commit * recordsPerCommit + index + 1)"))
            })
        }
        let elapsed = milliseconds(clock.now - start)
        let cpuPerCommit = (processCPUMilliseconds() - cpuStart) / Double(commits)
        #expect(try store.load().entries.count == commits * recordsPerCommit)
        let perCommit = elapsed / Double(commits)
        print("store figure: \(commits) commits of \(recordsPerCommit) entries: \(perCommit) ms per commit, "
            + "\(1000 / perCommit) commits/s, \(1000 / perCommit * Double(recordsPerCommit)) entries/s; "
            + "\(cpuPerCommit) ms of CPU per commit (the rest is waiting: fsync, and the CPU on a busy machine)")
    }
}
