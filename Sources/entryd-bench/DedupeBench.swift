import EntryRouter
#if canImport(Glibc)
import Glibc
#endif

/// The dedupe window's memory (R18), in process: the bench's push line with a distinct id every
/// time, 16 per turn (one collapseId, so the inbox holds one entry, R6), until N ids are held; the
/// process's resident memory before and after, per id. Then the same pushes go on with
/// `maxDedupeKeys` at N: the oldest ids are forgotten and memory stays where it was.
///
/// `DEDUPE_KEYS` (1 000 000) sets N.
enum DedupeBench {
    static let keys = HandoffBench.environment("DEDUPE_KEYS").flatMap { Int($0) } ?? 1_000_000

    static func run() {
        print("dedupe: \(keys) distinct ids held in the window, in process; resident memory, load \(RoutingBench.loadAverage())")
        var driver = HandoffBench.Driver(config: HandoffBench.sampleConfig(), limits: RouterLimits(maxDedupeKeys: keys))
        var pushed = 0
        push(&driver, &pushed, count: 10_000)
        let before = residentBytes()
        push(&driver, &pushed, count: keys - 10_000)
        let held = residentBytes()
        push(&driver, &pushed, count: keys)
        let bounded = residentBytes()
        let perKey = Double(held - before) / Double(keys - 10_000)
        print("bytes per id held: \(RoutingBench.fixed(perKey, 1)) (RSS \(before >> 20) MiB at 10 000 ids, \(held >> 20) MiB at \(keys))")
        print("\(keys) more ids with --max-dedupe-keys \(keys): RSS \(bounded >> 20) MiB")
    }

    static func push(_ driver: inout HandoffBench.Driver, _ pushed: inout Int, count: Int) {
        var batch: [(ConnectionID, String)] = []
        let end = pushed + count
        while pushed < end {
            batch.removeAll(keepingCapacity: true)
            for _ in 0..<min(16, end - pushed) {
                batch.append((ConnectionID(1), #"{"op":"push","req":\#(pushed),"id":"c\#(pushed)","collapseId":"conn-0","payload":{"type":"serviceNotice","noticeId":"n"}}"#))
                pushed += 1
            }
            driver.turn(batch)
        }
    }

    /// Resident bytes, from /proc/self/statm (its second field, in pages).
    static func residentBytes() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
}
