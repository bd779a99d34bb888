/// `entryd-storybench [--warmup N] [--runs N]`: one cold-start story of the MateRunner sample, run
/// many times against a `TestDaemon` in each mode (the engine in this process, and the `entryd`
/// executable), in the same run. Build with `-c release`; debug figures mean nothing.
///
/// Per mode: the whole story as a test pays it, `TestDaemon.start` and `stop` included, and the
/// story's body alone; median and p90 in wall milliseconds, and the ratio daemon / in-process of
/// the medians. The modes alternate run by run (and which goes first alternates too), so a slow
/// spell of the machine touches both alike. Counts: `--warmup` / `STORY_WARMUP` (5) and `--runs` /
/// `STORY_RUNS` (50) a mode. The daemon mode needs `entryd`: beside this executable (`swift build
/// -c release` puts both in .build/release), else `ENTRYD_EXECUTABLE`.
import EntryTesting
#if canImport(Glibc)
import Glibc
#endif

let storyName = "threeModalsAskedInOneMomentOnARunningAppAreShownByPriority"
let warmup = count("--warmup", "STORY_WARMUP", default: 5)
let runs = max(1, count("--runs", "STORY_RUNS", default: 50))
let modes: [TestMode] = [.inProcess, .daemon]

/// One run's wall times.
struct Run {
    var whole: Duration
    var body: Duration
    var start: Duration
    var stop: Duration
}

var measured: [TestMode: [Run]] = [:]
for round in 0..<(warmup + runs) {
    for mode in round % 2 == 0 ? modes : modes.reversed() {
        let run: Run
        do {
            run = try await timedStory(mode: mode)
        } catch {
            fail("\(mode) run \(round + 1): \(error)")
        }
        if round >= warmup { measured[mode, default: []].append(run) }
    }
}

print("storybench: \(storyName), TestDaemon in each mode, \(warmup) warm-up and \(runs) measured runs a mode, "
      + "modes alternated; wall ms (median, p90), load \(loadAverage())")
print(pad("mode", 12) + pad("whole story, start and stop included", 40) + pad("story body", 16) + "start, stop (medians)")
var medians: [TestMode: (whole: Double, body: Double)] = [:]
for mode in modes {
    let runs = measured[mode] ?? []
    let whole = runs.map { milliseconds($0.whole) }.sorted()
    let body = runs.map { milliseconds($0.body) }.sorted()
    let start = runs.map { milliseconds($0.start) }.sorted()
    let stop = runs.map { milliseconds($0.stop) }.sorted()
    medians[mode] = (median(whole), median(body))
    print(pad(mode.description, 12) + pad("\(fixed(median(whole), 2)), \(fixed(p90(whole), 2))", 40)
          + pad("\(fixed(median(body), 2)), \(fixed(p90(body), 2))", 16)
          + "\(fixed(median(start), 2)), \(fixed(median(stop), 2))")
}
if let inProcess = medians[.inProcess], let daemon = medians[.daemon] {
    print("daemon / in-process, medians: whole story \(fixed(daemon.whole / inProcess.whole, 1))×, "
          + "story body \(fixed(daemon.body / inProcess.body, 1))×")
    print("in-process median a story: \(fixed(inProcess.whole, 2)) ms whole, \(fixed(inProcess.body, 2)) ms body "
          + "(target ≤ 10 ms): \(inProcess.whole <= 10 ? "met" : "not met")")
}

/// One run of the story in `mode`: `TestDaemon.start`, the story, `stop`, each timed.
func timedStory(mode: TestMode) async throws -> Run {
    let clock = ContinuousClock()
    let began = clock.now
    let daemon = try await TestDaemon.start(mode: mode)
    let started = clock.now
    do {
        try await threeModalsAskedInOneMomentOnARunningApp(daemon)
    } catch {
        daemon.stop()
        throw error
    }
    let told = clock.now
    daemon.stop()
    let stopped = clock.now
    return Run(whole: stopped - began, body: told - started, start: started - began, stop: stopped - told)
}

/// A count from `--flag N`, else the environment variable, else `default`.
func count(_ flag: String, _ variable: String, default value: Int) -> Int {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if let at = arguments.firstIndex(of: flag) {
        guard at + 1 < arguments.count, let given = Int(arguments[at + 1]), given >= 0 else {
            fail("\(flag) takes a count")
        }
        return given
    }
    if let text = getenv(variable).map({ String(cString: $0) }), !text.isEmpty {
        guard let given = Int(text), given >= 0 else { fail("\(variable)=\(text) is not a count") }
        return given
    }
    return value
}

func fail(_ message: String) -> Never {
    let line = "entryd-storybench: \(message)\n"
    _ = write(2, line, line.utf8.count)
    exit(1)
}

func milliseconds(_ d: Duration) -> Double {
    let (seconds, attoseconds) = d.components
    return Double(seconds) * 1e3 + Double(attoseconds) / 1e15
}

func median(_ sorted: [Double]) -> Double { sorted.isEmpty ? 0 : sorted[sorted.count / 2] }

func p90(_ sorted: [Double]) -> Double { sorted.isEmpty ? 0 : sorted[sorted.count * 90 / 100] }

func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64(value * scale + 0.5)
    guard digits > 0 else { return "\(scaled)" }
    let fraction = String(scaled % Int64(scale))
    return "\(scaled / Int64(scale))." + String(repeating: "0", count: digits - fraction.count) + fraction
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
}

func loadAverage() -> String {
    guard let file = fopen("/proc/loadavg", "r") else { return "unknown" }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "unknown" }
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return text.split(separator: " ").prefix(3).joined(separator: " ")
}
